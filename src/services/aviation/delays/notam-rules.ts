/** How a NOTAM bears on an airport's operations: closed, restricted, or just noted. */

export type NotamFlag = 'CLOSED' | 'RESTRICTED' | 'NOTAM';

export interface NotamRecord {
  id: string;
  /** ICAO location indicator of the aerodrome. */
  icao: string;
  /** Second and third letters of the Q-code (subject), e.g. `FA` aerodrome. */
  code23: string;
  /** Fourth and fifth letters (condition), e.g. `LC` closed. */
  code45: string;
  text: string;
  /** Validity, epoch ms (end 0 = permanent). */
  start: number;
  end: number;
}

const CLOSURE_SUBJECTS = new Set(['FA', 'AH', 'AL', 'AW', 'AC', 'AM']);
const CLOSURE_CONDITIONS = new Set(['LC', 'AS', 'AU', 'XX', 'AW']);
const RESTRICTION_SUBJECTS = new Set(['RA', 'RO', 'RR', 'RP', 'RD']);
const RESTRICTION_CONDITIONS = new Set(['RE', 'RT']);
const CLOSURE_TEXT = /\bAD CLSD\b|AIRPORT CLOSED|AIRSPACE CLOSED|\bAD NOT AVBL\b|CLSD TO ALL/;
const RESTRICTION_TEXT = /\bRESTRICTED\b|\bPROHIBITED\b|DANGER AREA|\bTFR\b/;

/** The aerodrome is closed (subject and condition codes, or the text says so), restricted, or merely noted. */
export function notamFlag(n: Pick<NotamRecord, 'code23' | 'code45' | 'text'>): NotamFlag {
  const text = n.text.toUpperCase();
  if ((CLOSURE_SUBJECTS.has(n.code23) && CLOSURE_CONDITIONS.has(n.code45)) || CLOSURE_TEXT.test(text)) return 'CLOSED';
  if (
    RESTRICTION_SUBJECTS.has(n.code23) ||
    (CLOSURE_SUBJECTS.has(n.code23) && RESTRICTION_CONDITIONS.has(n.code45)) ||
    RESTRICTION_TEXT.test(text)
  )
    return 'RESTRICTED';
  return 'NOTAM';
}

export const isInForce = (n: Pick<NotamRecord, 'start' | 'end'>, at: number) =>
  n.start <= at && (n.end === 0 || n.end >= at);

/** The text after `E)`, the part a reader cares about, cut to 80 characters. */
export function notamReason(text: string): string {
  const e = /\bE\)\s*([\s\S]*)$/.exec(text)?.[1] ?? text;
  const clean = e.replace(/\s+/g, ' ').trim();
  return clean.length > 80 ? `${clean.slice(0, 79)}…` : clean;
}
