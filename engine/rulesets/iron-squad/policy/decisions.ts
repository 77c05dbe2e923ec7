/** The shipped policies (bot, rush, farm, random weights) answering the rules' questions (rules/decisions.ts). */
import type { IronDecisions } from '../rules/decisions.ts';
import { activate, buildOrder, deploySide, medicsAtTurnStart, medicsReact } from './scripted.ts';

export const scriptedDecisions: IronDecisions = { deploySide, buildOrder, activate, medicsAtTurnStart, medicsReact };
