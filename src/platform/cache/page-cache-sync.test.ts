import { describe, expect, it } from 'vitest';
import { notificationOf, parseNotification } from './page-cache-sync.server.ts';
import { EVERY_PAGE } from './page-dependencies.server.ts';

describe("other processes' writes", () => {
  it('carry their tags in the notification, or every page when they are too many', () => {
    const payload = notificationOf('p1', ['table:requests', 'listing:12']);
    expect(payload).toBe('p1 table:requests listing:12');
    expect(parseNotification(payload)).toEqual({ process: 'p1', tags: ['table:requests', 'listing:12'] });
    const many = Array.from({ length: 2000 }, (_, i) => `listing:${i}`);
    expect(parseNotification(notificationOf('p1', many))).toEqual({ process: 'p1', tags: [EVERY_PAGE] });
    // A process from before tags sends its name only: every page.
    expect(parseNotification('6f1c0d2e')).toEqual({ process: '6f1c0d2e', tags: [EVERY_PAGE] });
  });
});
