-- The trigram indexes take each new entry into the index at once. With GIN's default pending list, an
-- order's insert and every change of its state (a non-HOT update: state is indexed) queued some fifty
-- entries each; at a dinner rush the list filled its 4 MB in about forty seconds, and the insert that
-- found it full merged all of it, seconds of work on a two-core machine that every request then queued
-- behind. Stock changes did the same to the menu's index, only slower.
ALTER INDEX "menu_items_search_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "orders_search_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "users_search_idx" SET (fastupdate = off);--> statement-breakpoint
-- What is already pending goes into the index proper now, not at the next vacuum.
SELECT gin_clean_pending_list('menu_items_search_idx');--> statement-breakpoint
SELECT gin_clean_pending_list('orders_search_idx');--> statement-breakpoint
SELECT gin_clean_pending_list('users_search_idx');
