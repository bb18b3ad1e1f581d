import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { AllItemsQuerySchema } from '../contract/menu.ts';
import type { Database } from '../db/client.ts';
import { parseOr400 } from '../middleware/validate.ts';
import { findMenuItem, listMenuItems } from '../services/menu.ts';

export function menuRoutes(db: Database) {
  return new Hono()
    .get('/all-items', async (c) => {
      const query = parseOr400(AllItemsQuerySchema, c.req.query());
      return c.json(await listMenuItems(db, query));
    })
    .get('/item-detail/:id', async (c) => {
      const item = await findMenuItem(db, c.req.param('id'));
      if (!item) throw new HTTPException(404, { message: 'This menu item does not exist' });
      return c.json(item);
    });
}
