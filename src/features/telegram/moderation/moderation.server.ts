/** Moderating from the bot: listings to verify, reports to decide (to be built). */
import { Composer } from 'grammy';
import type { SeferContext } from '../bot.server.ts';

export const moderation = new Composer<SeferContext>();
