-- The rate-limit windows are counters a crash may lose (a quota then starts afresh): unlogged, a count
-- costs no WAL and its commit no flush to disk, though every limited request writes one. (An unlogged
-- table is not copied to a streaming replica either: the windows live on the primary, where they count.)
ALTER TABLE "rate_limits" SET UNLOGGED;
