import type { Hono } from 'hono';
import type { AppEnv } from './app-env';
import { guard } from './guard';
import { parseInput } from './parse';
import type { AnyRoute } from './route';

/** Mounts declared routes with their guard and input parsing; records them for OpenAPI and coverage. */
export function mount(app: Hono<AppEnv>, registry: AnyRoute[], routes: AnyRoute[]): void {
  for (const def of routes) {
    registry.push(def);
    app.on(def.method, def.path, async (c) => {
      await guard(c, def);
      const input = await parseInput(c, def);
      // Demo routes hand out reset links and codes: every answer says loudly that it is demo-only.
      if (def.access.type === 'demo') c.header('X-Demo-Mode', 'on: demo-only route, never enabled in production');
      const result = await def.handler({ c, ...input });
      if (result instanceof Response) return result;
      return c.json(result ?? { message: 'OK' });
    });
  }
}
