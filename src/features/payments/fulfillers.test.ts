import { describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import type { SessionUser } from '#features/accounts/auth.server.ts';
import { ok } from '#platform/http/result.ts';
import { fulfillerOf, pricerOf, registerFulfiller } from './fulfillers.server.ts';

const db = {} as Database;
const user = { id: 'u1' } as SessionUser;
const now = new Date(0);

describe('the fulfiller registry', () => {
  it('a kind nobody registered throws, so a checkout is never marked paid for nothing', () => {
    expect(() => fulfillerOf('plan')).toThrow(/no fulfiller registered for 'plan'/);
    expect(() => pricerOf({ items: [] })).toThrow(/'product'/);
  });

  it("prices a request by the fulfiller that claims it, anything else by the shop's products", async () => {
    registerFulfiller('product', {
      price: async () => ok({ lines: [], amountBirr: 1 }),
      fulfil: async () => ({ orderId: 7 }),
    });
    registerFulfiller('promotion', {
      accepts: (body) => typeof body === 'object' && body !== null && 'promotion' in body,
      price: async () => ok({ lines: [], amountBirr: 2 }),
      fulfil: async () => undefined,
    });
    const priced = async (body: unknown) => {
      const result = await pricerOf(body).price(db, user, body, now);
      return result.ok ? result.value.amountBirr : null;
    };
    expect(await priced({ promotion: { listingId: 1, days: 3 } })).toBe(2);
    expect(await priced({ items: [{ id: 1 }] })).toBe(1);
    expect(await priced('not even an object')).toBe(1);
    // Registering again replaces: the boot may run twice in tests.
    registerFulfiller('product', { price: async () => ok({ lines: [], amountBirr: 3 }), fulfil: async () => undefined });
    expect(await priced({ items: [] })).toBe(3);
  });
});
