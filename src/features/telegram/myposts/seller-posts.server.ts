/** A seller's deals in the bot: /myposts (to be built). */
import { Composer } from 'grammy';
import type { SeferContext } from '../bot.server.ts';

export const sellerPosts = new Composer<SeferContext>();
