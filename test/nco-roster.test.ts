import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../engine/errors.ts';
import { NATIONS, nationById } from '../engine/rulesets/nco/data/nations.ts';
import { ncoRulesSchema } from '../engine/rulesets/nco/data/params.ts';
import { ENGINEER_MAX_GRENADES, ITEMS, LETTERS_FROM_HOME_COST, PROFILES } from '../engine/rulesets/nco/data/profiles.ts';
import { compileRoster, type RosterRules } from '../engine/rulesets/nco/data/roster.ts';
import {
  I_FIELD_MAP, I_INTEL, I_RELIGIOUS_ICON, I_SERVICE_MEDAL, ITEM_IDS, PROFILE_COUNT, PROFILE_IDS,
  S_COVERT, S_DEADEYE, S_FIELD_MEDICINE, S_FIGHTING_INSTINCT, S_IDEALIST, S_INSPIRING, S_INSPIRING_2,
  S_NATURAL_LEADER, S_RELIGIOUS_RITES, S_RUTHLESS, type CompiledRoster,
} from '../engine/rulesets/nco/data/roster-types.ts';
import { W_FLAMER, W_HE, W_LMG, W_PISTOL, W_RIFLE, W_SCOPED, W_SMG } from '../engine/rulesets/nco/data/weapons.ts';

const RULES: RosterRules = { roster_vps: 100, roster_sps: 50 };
const PATH = ['sides', 0, 'roster'];
const SGT = { type: 'sergeant' };

type Entry = Record<string, unknown>;

function roster(soldiers: Entry[], nation = 'none', rules: RosterRules = RULES): CompiledRoster {
  return compileRoster({ name: 't', nation, soldiers }, rules, PATH);
}

/** Compiles a roster of a Sergeant plus `e` and returns the soldier made from `e`. */
function one(e: Entry, rules: RosterRules = RULES) {
  const r = roster(e.type === 'sergeant' ? [e] : [SGT, e], 'none', rules);
  return r.soldiers[e.type === 'sergeant' ? 0 : 1];
}

/** Asserts a ConfigError whose message names the path and the bad value. */
function throwsAt(fn: () => unknown, path: string, bad: string, also?: RegExp): ConfigError {
  let err: unknown;
  try {
    fn();
  } catch (e) {
    err = e;
  }
  expect(err).toBeInstanceOf(ConfigError);
  const e = err as ConfigError;
  expect(e.path).toBe(path);
  expect(e.message).toContain(path);
  expect(e.message).toContain(bad);
  if (also) expect(e.message).toMatch(also);
  return e;
}

const S = 'sides[0].roster.soldiers[1]';

describe('profiles (items 114–127)', () => {
  it('profile table is indexed like PROFILE_IDS and items like ITEM_IDS', () => {
    expect(PROFILES.map((p) => p.id)).toEqual([...PROFILE_IDS]);
    expect(PROFILES).toHaveLength(PROFILE_COUNT);
    expect(ITEMS.map((i) => i.id)).toEqual([...ITEM_IDS]);
  });

  it('item 114: Sergeant is free with rifle or SMG, 2 free grenades, 3rd costs 4 vps', () => {
    const s = one({ type: 'sergeant' });
    expect([s.move, s.courage, s.health, s.psyche, s.costVps, s.costSps]).toEqual([5, 6, 6, 6, 0, 0]);
    expect([s.primary, s.pistol, s.sergeant, s.specialist]).toEqual([W_RIFLE, true, true, false]);
    expect(s.skills).toBe(S_INSPIRING);
    expect(one({ type: 'sergeant', primary: 'smg', grenades: 2 }).costVps).toBe(0);
    expect(one({ type: 'sergeant', primary: 'smg', grenades: 3 }).costVps).toBe(4);
    throwsAt(() => one({ type: 'sergeant', grenades: 4 }), 'sides[0].roster.soldiers[0].grenades', '4', /at most 3/);
    throwsAt(() => one({ type: 'sergeant', primary: 'lmg' }), 'sides[0].roster.soldiers[0].primary', '"lmg"', /"rifle", "smg"/);
  });

  it('item 114: Sergeant has IP1 built in, one free skill, a 3rd slot for 6 vps, two items', () => {
    const s = one({ type: 'sergeant', skills: ['fighting-instinct'] });
    expect(s.skills).toBe(S_INSPIRING | S_FIGHTING_INSTINCT);
    expect(s.costVps).toBe(0);
    expect(one({ type: 'sergeant', skills: ['fighting-instinct', 'ruthless'] }).costVps).toBe(6);
    const ip2 = one({ type: 'sergeant', skills: ['inspiring-presence-2'] });
    expect(ip2.skills).toBe(S_INSPIRING | S_INSPIRING_2);
    expect(ip2.costVps).toBe(6); // IP2 fills two slots: the free one and the bought 3rd
    expect(one({ type: 'sergeant', items: ['intel', 'field-map'] }).costVps).toBe(8);
  });

  it('item 115: Veteran Corporal M5 C5 H5 P6, 20 vps, 1 free grenade (2nd 4 vps), skill 2 for 4 vps', () => {
    const s = one({ type: 'veteran-corporal' });
    expect([s.move, s.courage, s.health, s.psyche, s.costVps, s.costSps]).toEqual([5, 5, 5, 6, 20, 0]);
    expect(one({ type: 'veteran-corporal', primary: 'smg', grenades: 1, skills: ['covert'] }).costVps).toBe(20);
    expect(one({ type: 'veteran-corporal', grenades: 2, skills: ['covert', 'deadeye'] }).costVps).toBe(28);
    throwsAt(() => one({ type: 'veteran-corporal', grenades: 3 }), `${S}.grenades`, '3', /at most 2/);
  });

  it('item 116: Corporal M5 C4 H5 P5, 18 vps, one free skill only', () => {
    const s = one({ type: 'corporal', skills: ['natural-leader'] });
    expect([s.move, s.courage, s.health, s.psyche, s.costVps]).toEqual([5, 4, 5, 5, 18]);
    expect(s.skills).toBe(S_NATURAL_LEADER);
    expect(one({ type: 'corporal', grenades: 2 }).costVps).toBe(22);
    throwsAt(() => one({ type: 'corporal', skills: ['covert', 'deadeye'] }), `${S}.skills`, '["covert","deadeye"]', /at most 1/);
  });

  it('item 117: Veteran Lance-Corporal M5 C4 H4 P6, 16 vps, LMG +4, 2nd grenade 4', () => {
    const s = one({ type: 'veteran-lance-corporal' });
    expect([s.move, s.courage, s.health, s.psyche, s.costVps]).toEqual([5, 4, 4, 6, 16]);
    const g = one({ type: 'veteran-lance-corporal', primary: 'lmg', grenades: 2 });
    expect([g.primary, g.costVps]).toEqual([W_LMG, 24]);
  });

  it('item 118: Lance-Corporal M5 C3 H4 P5, 14 vps, LMG +4, at most one grenade', () => {
    const s = one({ type: 'lance-corporal', primary: 'lmg', grenades: 1 });
    expect([s.move, s.courage, s.health, s.psyche, s.costVps, s.grenades]).toEqual([5, 3, 4, 5, 18, 1]);
    throwsAt(() => one({ type: 'lance-corporal', grenades: 2 }), `${S}.grenades`, '2', /at most 1 grenade/);
  });

  it('items 119–121: privates (12/10/8 vps), no grenades, Private rifle only', () => {
    const h = one({ type: 'hardened-private-1st-class', primary: 'smg' });
    expect([h.move, h.courage, h.health, h.psyche, h.costVps, h.primary]).toEqual([5, 3, 4, 4, 12, W_SMG]);
    const p1 = one({ type: 'private-1st-class' });
    expect([p1.move, p1.courage, p1.health, p1.psyche, p1.costVps]).toEqual([5, 2, 3, 4, 10]);
    const p = one({ type: 'private' });
    expect([p.move, p.courage, p.health, p.psyche, p.costVps, p.pistol]).toEqual([5, 2, 3, 3, 8, false]);
    throwsAt(() => one({ type: 'private', primary: 'smg' }), `${S}.primary`, '"smg"', /allowed for Private: "rifle"/);
    throwsAt(() => one({ type: 'private-1st-class', grenades: 1 }), `${S}.grenades`, '1', /may not carry grenades/);
  });

  it('item 122: Engineer M4 C3 H5 P4, 17 sps, LMG free, flamer/HE +3 sps, extra grenades 4 sps, cap 3 (R26)', () => {
    const e = one({ type: 'engineer' });
    expect([e.move, e.courage, e.health, e.psyche, e.costVps, e.costSps]).toEqual([4, 3, 5, 4, 0, 17]);
    expect([e.primary, e.pistol, e.specialist]).toEqual([W_LMG, true, true]);
    expect(one({ type: 'engineer', primary: 'flamethrower' })).toMatchObject({ primary: W_FLAMER, costSps: 20 });
    expect(one({ type: 'engineer', primary: 'he', grenades: 3 })).toMatchObject({ primary: W_HE, costSps: 24 });
    expect(ENGINEER_MAX_GRENADES).toBe(3);
    throwsAt(() => one({ type: 'engineer', grenades: 4 }), `${S}.grenades`, '4', /at most 3/);
    expect(one({ type: 'engineer', grenades: 4 }, { ...RULES, engineer_max_grenades: 5 }).costSps).toBe(25);
  });

  it('item 123: Political Officer M5 C4 H4 P5, 15 sps, pistol, Idealist/Ruthless/Natural Leader, 2 items', () => {
    const s = one({ type: 'political-officer', items: ['flask', 'tobacco'] });
    expect([s.move, s.courage, s.health, s.psyche, s.costVps, s.costSps]).toEqual([5, 4, 4, 5, 0, 17]);
    expect([s.primary, s.pistol]).toEqual([W_PISTOL, false]);
    expect(s.skills).toBe(S_IDEALIST | S_RUTHLESS | S_NATURAL_LEADER);
  });

  it('item 124: Marksman M5 C3 H4 P5, 15 sps, scoped rifle + pistol, Covert and Deadeye', () => {
    const s = one({ type: 'marksman' });
    expect([s.move, s.courage, s.health, s.psyche, s.costSps]).toEqual([5, 3, 4, 5, 15]);
    expect([s.primary, s.pistol, s.skills]).toEqual([W_SCOPED, true, S_COVERT | S_DEADEYE]);
  });

  it('item 125: Chaplain M6 C2 H3 P6, 13 sps, pistol, Covert + Religious Rites, two free items', () => {
    const s = one({ type: 'chaplain', items: ['religious-icon', 'extra-magazine'] });
    expect([s.move, s.courage, s.health, s.psyche, s.costSps, s.costVps]).toEqual([6, 2, 3, 7, 13, 0]);
    expect([s.primary, s.skills]).toEqual([W_PISTOL, S_COVERT | S_RELIGIOUS_RITES]);
  });

  it('item 126: Medic M6 C2 H3 P5, 12 sps, pistol, Covert + Field Medicine, two free items', () => {
    const s = one({ type: 'medic', items: ['morphine', 'flask'] });
    expect([s.move, s.courage, s.health, s.psyche, s.costSps]).toEqual([6, 2, 3, 5, 12]);
    expect([s.primary, s.skills]).toEqual([W_PISTOL, S_COVERT | S_FIELD_MEDICINE]);
  });

  it('item 127: Scout M6 C2 H3 P4, 8 sps, scoped rifle or SMG, Covert', () => {
    const s = one({ type: 'scout' });
    expect([s.move, s.courage, s.health, s.psyche, s.costSps, s.primary, s.skills]).toEqual([6, 2, 3, 4, 8, W_SCOPED, S_COVERT]);
    expect(one({ type: 'scout', primary: 'smg' }).primary).toBe(W_SMG);
  });
});

describe('costs (items 6, 80–89, 128)', () => {
  it('item 6: cost is base + weapon + extra grenades + extra skill slots + items', () => {
    const s = one({ type: 'veteran-corporal', primary: 'smg', grenades: 2, skills: ['covert', 'deadeye'], items: ['extra-magazine'] });
    expect(s.costVps).toBe(20 + 0 + 4 + 4 + 3);
  });

  it('items 80–89: item prices; vps on barracks, sps on specialists (R24); Letters at 1 (R25)', () => {
    const price = Object.fromEntries(ITEMS.map((i) => [i.id, i.cost]));
    expect(price).toEqual({
      'extra-magazine': 3, 'religious-icon': 2, 'service-medal': 2, 'letters-from-home': 1, morphine: 2,
      flask: 1, tobacco: 1, 'lucky-trinket': 1, intel: 5, 'field-map': 3,
    });
    expect(LETTERS_FROM_HOME_COST).toBe(1);
    expect(one({ type: 'private', items: ['extra-magazine'] })).toMatchObject({ costVps: 11, costSps: 0 });
    expect(one({ type: 'scout', items: ['extra-magazine'] })).toMatchObject({ costVps: 0, costSps: 11 });
    expect(one({ type: 'private', items: ['letters-from-home'] }).costVps).toBe(9);
  });

  it('items 81–82: Service Medal adds +1 courage, Religious Icon +1 psyche', () => {
    const m = one({ type: 'private', items: ['service-medal'] });
    expect([m.courage, m.items]).toEqual([3, I_SERVICE_MEDAL]);
    const i = one({ type: 'private', items: ['religious-icon'] });
    expect([i.psyche, i.items]).toEqual([4, I_RELIGIOUS_ICON]);
    const sg = one({ type: 'sergeant', items: ['intel', 'field-map'] });
    expect(sg.items).toBe(I_INTEL | I_FIELD_MAP);
  });

  it('item 128: worked example as printed: 16 + LMG 4 + grenade 4 + Letters 2 = 26 (Veteran Lance-Corporal, Letters at 2)', () => {
    // The text says "Lance-Corporal (16vps)" but 16 vps and a 2nd grenade only fit the Veteran Lance-Corporal.
    const e = { type: 'veteran-lance-corporal', primary: 'lmg', grenades: 2, items: ['letters-from-home'] };
    expect(one(e, { ...RULES, letters_from_home_cost: 2 }).costVps).toBe(26);
    expect(one(e).costVps).toBe(25); // R25 default: Letters at 1
    // The Lance-Corporal proper (14 vps) may not buy the extra grenade at all.
    throwsAt(() => one({ ...e, type: 'lance-corporal' }), `${S}.grenades`, '2');
    expect(one({ ...e, type: 'lance-corporal', grenades: 1 }).costVps).toBe(14 + 4 + 1);
  });

  it('R22: Nation-Specific weapons are rejected as not enabled', () => {
    throwsAt(() => one({ type: 'sergeant', primary: 'assault-rifle' }), 'sides[0].roster.soldiers[0].primary', '"assault-rifle"', /not enabled/);
    throwsAt(() => one({ type: 'corporal', primary: 'nation-specific' }), `${S}.primary`, '"nation-specific"', /not enabled/);
    throwsAt(() => one({ type: 'corporal', primary: 'bazooka' }), `${S}.primary`, '"bazooka"', /"rifle", "smg"/);
  });
});

describe('legality checks (items 4, 5, R23, R24, R27)', () => {
  it('item 5: exactly one Sergeant', () => {
    throwsAt(() => roster([{ type: 'private' }]), 'sides[0].roster.soldiers', '["private"]', /exactly one "sergeant"/);
    throwsAt(() => roster([SGT, { type: 'private' }, SGT]), 'sides[0].roster.soldiers[2].type', '"sergeant"', /unique/);
    throwsAt(() => roster([{ type: 'sergeant', count: 2 }]), 'sides[0].roster.soldiers[0].count', '2', /unique/);
  });

  it('item 5: unique profiles at most once (Political Officer, Chaplain, Medic)', () => {
    throwsAt(() => roster([SGT, { type: 'medic' }, { type: 'medic' }]), 'sides[0].roster.soldiers[2].type', '"medic"', /unique/);
    throwsAt(() => roster([SGT, { type: 'chaplain', count: 2 }]), `${S}.count`, '2');
    throwsAt(() => roster([SGT, { type: 'political-officer' }, { type: 'private' }, { type: 'political-officer' }]),
      'sides[0].roster.soldiers[3].type', '"political-officer"');
    expect(roster([SGT, { type: 'scout', count: 3 }]).soldiers).toHaveLength(4);
  });

  it('item 4: vps and sps budgets are separate pools', () => {
    const full = [SGT, { type: 'veteran-corporal', count: 5 }];
    expect(roster(full).totalVps).toBe(100);
    throwsAt(() => roster([...full, { type: 'private' }]), 'sides[0].roster', '108', /at most 100 vps \(sps are a separate pool\)/);
    throwsAt(() => roster([SGT, { type: 'marksman', count: 4 }]), 'sides[0].roster', '60', /at most 50 sps/);
    // Unused vps cannot pay for specialists.
    throwsAt(() => roster([SGT, { type: 'engineer', count: 3 }]), 'sides[0].roster', '51');
    expect(roster([...full], 'none', { roster_vps: 120, roster_sps: 50 }).totalVps).toBe(100);
  });

  it('items: slots, Sergeant-only, one copy each (R24), unknown names', () => {
    throwsAt(() => one({ type: 'private', items: ['flask', 'tobacco'] }), `${S}.items`, '["flask","tobacco"]', /at most 1 item/);
    throwsAt(() => one({ type: 'corporal', items: ['intel'] }), `${S}.items[0]`, '"intel"', /Sergeant only/);
    throwsAt(() => one({ type: 'medic', items: ['field-map'] }), `${S}.items[0]`, '"field-map"', /Sergeant only/);
    throwsAt(() => one({ type: 'sergeant', items: ['flask', 'flask'] }), 'sides[0].roster.soldiers[0].items[1]', '"flask"', /one copy/);
    throwsAt(() => one({ type: 'private', items: ['binoculars'] }), `${S}.items[0]`, '"binoculars"', /"extra-magazine"/);
    // Duplicates across the squad are fine.
    expect(roster([SGT, { type: 'private', items: ['flask'], count: 2 }]).totalVps).toBe(18);
  });

  it('R23: skills only on soldiers with slots, never Field Medicine / Religious Rites, IP2 needs IP', () => {
    throwsAt(() => one({ type: 'private', skills: ['covert'] }), `${S}.skills[0]`, '"covert"', /no skill slots/);
    throwsAt(() => one({ type: 'marksman', skills: ['ruthless'] }), `${S}.skills[0]`, '"ruthless"', /no skill slots/);
    throwsAt(() => one({ type: 'corporal', skills: ['field-medicine'] }), `${S}.skills[0]`, '"field-medicine"', /R23/);
    throwsAt(() => one({ type: 'sergeant', skills: ['religious-rites'] }), 'sides[0].roster.soldiers[0].skills[0]', '"religious-rites"');
    throwsAt(() => one({ type: 'sergeant', skills: ['inspiring-presence'] }), 'sides[0].roster.soldiers[0].skills[0]', '"inspiring-presence"', /built in/);
    throwsAt(() => one({ type: 'veteran-corporal', skills: ['covert', 'covert'] }), `${S}.skills[1]`, '"covert"', /twice/);
    throwsAt(() => one({ type: 'veteran-corporal', skills: ['inspiring-presence-2'] }), `${S}.skills[0]`, '"inspiring-presence-2"', /needs "inspiring-presence"/);
    throwsAt(() => one({ type: 'veteran-corporal', skills: ['inspiring-presence', 'inspiring-presence-2'] }), `${S}.skills`,
      '["inspiring-presence","inspiring-presence-2"]', /uses 3 skill slot/);
    throwsAt(() => one({ type: 'sergeant', skills: ['inspiring-presence-2', 'covert'] }), 'sides[0].roster.soldiers[0].skills', '"covert"', /at most 2/);
    throwsAt(() => one({ type: 'corporal', skills: ['sixth-sense'] }), `${S}.skills[0]`, '"sixth-sense"', /"ruthless"/);
    expect(one({ type: 'veteran-corporal', skills: ['inspiring-presence'] }).skills).toBe(S_INSPIRING);
  });

  it('schema: unknown type, unknown fields, bad counts name the path and value', () => {
    throwsAt(() => roster([SGT, { type: 'colonel' }]), `${S}.type`, '"colonel"', /"veteran-corporal"/);
    throwsAt(() => roster([SGT, { type: 'private', grenade: 1 }]), S, '"type":"private"', /"grenade"/);
    throwsAt(() => roster([SGT, { type: 'private', count: 0 }]), `${S}.count`, '0');
    throwsAt(() => roster([SGT], 'narnia'), 'sides[0].roster.nation', '"narnia"', /"us-army"/);
    throwsAt(() => compileRoster({ name: 'x', soldiers: [SGT] }, RULES, PATH), 'sides[0].roster.nation', 'missing');
  });

  it('defaults: primary is the first free option, count expands with numbered names', () => {
    const r = roster([SGT, { type: 'private', count: 3 }, { type: 'corporal', name: 'Cpl. Miller' }, { type: 'scout', count: 2, name: 'Recon' }]);
    expect(r.soldiers.map((s) => s.name)).toEqual(['Sergeant', 'Private 1', 'Private 2', 'Private 3', 'Cpl. Miller', 'Recon 1', 'Recon 2']);
    expect(r.soldiers[1]).toMatchObject({ primary: W_RIFLE, grenades: 0, items: 0, skills: 0 });
    expect([r.totalVps, r.totalSps, r.spsBudget, r.nation]).toEqual([42, 16, 50, 'none']);
  });
});

describe('nations (items 129–156, R27)', () => {
  it('items 129–156: 28 nations with kebab-case ids; "none" has no cap', () => {
    expect(NATIONS).toHaveLength(28);
    for (const n of NATIONS) expect(n.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
    expect(nationById('none')!.maxSoldiers).toBe(Infinity);
    expect(roster([SGT, { type: 'private', count: 11 }], 'none', { roster_vps: 200, roster_sps: 50 }).soldiers).toHaveLength(12);
  });

  it('item 129: US Army cap 12 includes the Sergeant; no Political Officer', () => {
    const twelve = [SGT, { type: 'private', count: 11 }];
    const big = { roster_vps: 200, roster_sps: 50 };
    expect(roster(twelve, 'us-army', big).soldiers).toHaveLength(12);
    throwsAt(() => roster([...twelve, { type: 'scout' }], 'us-army', big), 'sides[0].roster.soldiers', '13', /at most 12 for US Army/);
    throwsAt(() => roster([SGT, { type: 'political-officer' }], 'us-army'), `${S}.type`, '"political-officer"', /US Army may not take a Political Officer/);
  });

  it('item 134: German SS cap 10, +15 sps, no Chaplain but a Political Officer is fine', () => {
    const r = roster([SGT, { type: 'marksman', count: 3 }, { type: 'political-officer' }], 'german-ss');
    expect([r.totalSps, r.spsBudget]).toEqual([60, 65]);
    throwsAt(() => roster([SGT, { type: 'marksman', count: 4 }, { type: 'engineer' }], 'german-ss'), 'sides[0].roster', '77', /at most 65 sps \(50 \+ 15 German SS bonus;/);
    throwsAt(() => roster([SGT, { type: 'chaplain' }], 'german-ss'), `${S}.type`, '"chaplain"');
    throwsAt(() => roster([SGT, { type: 'private', count: 10 }], 'german-ss'), 'sides[0].roster.soldiers', '11', /at most 10/);
  });

  it('item 144: Chinese Communist cap 16, no Engineers, no Chaplain, Political Officer allowed', () => {
    expect(roster([SGT, { type: 'political-officer' }], 'chinese-communist').totalSps).toBe(15);
    throwsAt(() => roster([SGT, { type: 'engineer' }], 'chinese-communist'), `${S}.type`, '"engineer"', /Chinese Communist may not take an Engineer/);
    throwsAt(() => roster([SGT, { type: 'chaplain' }], 'chinese-communist'), `${S}.type`, '"chaplain"');
    expect(nationById('chinese-communist')!.maxSoldiers).toBe(16);
  });

  it('item 156: Local/Partisan/Free Militias cap 16, no Political Officer, Chaplain or Engineer', () => {
    for (const t of ['political-officer', 'chaplain', 'engineer']) {
      throwsAt(() => roster([SGT, { type: t }], 'local-partisan-free-militias'), `${S}.type`, `"${t}"`, /Local\/Partisan/);
    }
    const r = roster([SGT, { type: 'private', count: 12 }, { type: 'scout', count: 3 }], 'local-partisan-free-militias');
    expect(r.soldiers).toHaveLength(16);
  });

  it('items 131, 137, 140: +10/+15 sps bonuses go into the sps budget', () => {
    expect(roster([SGT], 'us-airborne').spsBudget).toBe(60);
    expect(roster([SGT], 'british-airborne-commandos').spsBudget).toBe(65);
    expect(roster([SGT], 'imperial-japanese-navy').spsBudget).toBe(60);
    throwsAt(() => roster([SGT, { type: 'chaplain' }], 'us-airborne'), `${S}.type`, '"chaplain"');
    throwsAt(() => roster([SGT, { type: 'political-officer' }], 'british-airborne-commandos'), `${S}.type`, '"political-officer"');
  });
});

describe('sample rosters', () => {
  const rules = ncoRulesSchema.parse({});
  const load = (f: string) => JSON.parse(readFileSync(new URL(`../configs/nco/rosters/${f}`, import.meta.url), 'utf8'));

  it.each([
    ['us-army-100.json', 'us-army', 100, 50, 12],
    ['german-heer-100.json', 'german-heer', 100, 48, 12],
    ['mirror-test.json', 'us-army', 100, 32, 12],
  ])('item 4: %s compiles within budget', (file, nation, vps, sps, n) => {
    const r = compileRoster(load(file), rules, ['sides', 0, 'roster']);
    expect([r.nation, r.totalVps, r.totalSps, r.soldiers.length]).toEqual([nation, vps, sps, n]);
    expect(r.totalVps).toBeLessThanOrEqual(rules.roster_vps);
    expect(r.totalSps).toBeLessThanOrEqual(r.spsBudget);
    for (const s of r.soldiers) {
      expect(s.grenades).toBe(0);
      expect(s.items).toBe(0);
      expect([W_RIFLE, W_SCOPED, W_SMG, W_LMG, W_PISTOL]).toContain(s.primary);
      if (PROFILE_IDS[s.profile] === 'engineer') expect(s.primary).toBe(W_LMG);
    }
  });
});
