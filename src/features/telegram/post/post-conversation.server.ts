/** Posting a deal from the bot: /post and its conversation (to be built). */
import { Composer } from 'grammy';
import type { SeferContext } from '../bot.server.ts';

export const postConversation = new Composer<SeferContext>();
