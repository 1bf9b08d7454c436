import type { DifficultyLevel } from '../../domain/test/types';
import type { ParsedChildQuestion } from '../model';
import { child, elements, textAt, type XmlElement } from '../xml';
import { xmlEscape } from '../xml';

/**
 * A question's difficulty and tags in the package's manifest, as IEEE LOM metadata of its item's
 * resource (the place QTI 3 content packages give item metadata): tags as general/keyword, the
 * difficulty in LOM's own vocabulary (hard is "difficult"; "very easy" and "very difficult" read
 * as easy and hard).
 */
export const LOM_NS = 'http://ltsc.ieee.org/xsd/LOM';
const TO_LOM: Record<DifficultyLevel, string> = { easy: 'easy', medium: 'medium', hard: 'difficult' };
const FROM_LOM: Record<string, DifficultyLevel> = { 'very easy': 'easy', easy: 'easy', medium: 'medium', difficult: 'hard', 'very difficult': 'hard' };

export function lomXml(q: Pick<ParsedChildQuestion, 'difficultyLevel' | 'tags'>): string {
  const tags = q.tags ?? [];
  if (!q.difficultyLevel && !tags.length) return '';
  const general = tags.length ? `<general>${tags.map((t) => `<keyword><string>${xmlEscape(t)}</string></keyword>`).join('')}</general>` : '';
  const educational = q.difficultyLevel
    ? `<educational><difficulty><source>LOMv1.0</source><value>${TO_LOM[q.difficultyLevel]}</value></difficulty></educational>`
    : '';
  return `<metadata><lom xmlns="${LOM_NS}">${general}${educational}</lom></metadata>`;
}

/** The difficulty and tags a resource's metadata gives (nothing for a resource without). */
export function lomOf(resource: XmlElement): Pick<ParsedChildQuestion, 'difficultyLevel' | 'tags'> {
  const lom = child(child(resource, 'metadata'), 'lom');
  if (!lom) return {};
  const out: Pick<ParsedChildQuestion, 'difficultyLevel' | 'tags'> = {};
  const tags = elements(child(lom, 'general'), 'keyword')
    .map((k) => textAt(k, 'string').trim())
    .filter(Boolean);
  if (tags.length) out.tags = [...new Set(tags)];
  const difficulty = FROM_LOM[textAt(lom, 'educational', 'difficulty', 'value').trim().toLowerCase()];
  if (difficulty) out.difficultyLevel = difficulty;
  return out;
}
