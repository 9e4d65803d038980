import { bodyLimitOf, MSG } from '@simvisit/schema';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { runToEndIfAbandoned } from '../db/request-scope';
import type { AppEnv } from './app-env';
import { guard } from './guard';
import { parseInput } from './parse';
import { type AnyRoute, isStateChanging } from './route';

// The rest of the body is never read, so the connection cannot serve another request: say so (keep-alive lied).
const tooLarge = (c: Context) => c.json({ message: MSG.payloadTooLarge }, 413, { Connection: 'close' });

/** One limiter per size: routes that declare the same limit share it. */
const limiters = new Map<number, MiddlewareHandler<AppEnv>>();
function limiterOf(maxSize: number): MiddlewareHandler<AppEnv> {
  let limiter = limiters.get(maxSize);
  if (!limiter) {
    limiter = bodyLimit({ maxSize, onError: tooLarge });
    limiters.set(maxSize, limiter);
  }
  return limiter;
}

/**
 * Mounts declared routes with the body limit their contract declares (the JSON limit unless it says otherwise),
 * their guard and input parsing; records them for OpenAPI and coverage. The limit comes first, so an oversized
 * body is answered 413 before anything reads it.
 */
export function mount(app: Hono<AppEnv>, registry: AnyRoute[], routes: AnyRoute[]): void {
  for (const def of routes) {
    registry.push(def);
    const changes = isStateChanging(def);
    app.on(def.method, def.path, limiterOf(bodyLimitOf(def)), async (c) => {
      // A call that changes something runs to its end once its route begins (docs/decisions/0093).
      if (changes) runToEndIfAbandoned();
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
