// Inventory severity of a combination, from how many viewable images it has. The dashboard
// legend's ranges (settings-and-admin.md §4: SEV-1 0, SEV-2 1-9, SEV-3 10-34, SEV-5 70+) with
// SEV-4 filling the gap, 35-69; the pipeline walks the most severe combinations first.

export const SEVERITY_LEVELS = ['SEV-1', 'SEV-2', 'SEV-3', 'SEV-4', 'SEV-5'] as const;
export type SeverityLevel = (typeof SEVERITY_LEVELS)[number];

export interface SeverityBand {
  readonly level: SeverityLevel;
  readonly min: number;
  /** Inclusive; null for the open top band. */
  readonly max: number | null;
  readonly description: string;
  /** Legend color (spec: red, orange, yellow, blue, green). */
  readonly color: 'red' | 'orange' | 'yellow' | 'blue' | 'green';
}

export const SEVERITY_BANDS: readonly SeverityBand[] = [
  { level: 'SEV-1', min: 0, max: 0, description: 'No images', color: 'red' },
  { level: 'SEV-2', min: 1, max: 9, description: '1-9 images', color: 'orange' },
  { level: 'SEV-3', min: 10, max: 34, description: '10-34 images', color: 'yellow' },
  { level: 'SEV-4', min: 35, max: 69, description: '35-69 images', color: 'blue' },
  { level: 'SEV-5', min: 70, max: null, description: '70+ images', color: 'green' },
];

export function severityLevel(imageCount: number): SeverityLevel {
  if (!Number.isInteger(imageCount) || imageCount < 0) {
    throw new RangeError(`An image count is a whole number of at least 0, got ${imageCount}`);
  }
  if (imageCount === 0) return 'SEV-1';
  if (imageCount < 10) return 'SEV-2';
  if (imageCount < 35) return 'SEV-3';
  if (imageCount < 70) return 'SEV-4';
  return 'SEV-5';
}

/** 1 for SEV-1 (most urgent) .. 5 for SEV-5: sort ascending to refill the emptiest first. */
export const severityRank = (level: SeverityLevel): number => SEVERITY_LEVELS.indexOf(level) + 1;
