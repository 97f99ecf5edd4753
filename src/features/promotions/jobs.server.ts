/**
 * The promotions' background work: every minute, the promotions whose days ran out are queued once
 * each (`promotion-endings`), and each queued end tells its seller (`promotion-ended`).
 */
import { registerJob, registerSchedule } from '#platform/jobs/registry.server.ts';
import { noticeEndedPromotion, queueEndedPromotions } from './promotion-notices.server.ts';

registerSchedule('promotion-endings', 60_000, queueEndedPromotions);
registerJob<{ promotionId: number }>('promotion-ended', ({ promotionId }, { db, now }) => noticeEndedPromotion(db, promotionId, now));
