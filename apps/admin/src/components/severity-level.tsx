import { SEVERITY_BANDS, type SeverityLevel } from '@drape/contracts';
import { cn } from '@drape/ui';

/**
 * The severity levels' colours (settings-and-admin §4: SEV-1 red, SEV-2 orange, SEV-3 yellow,
 * SEV-4 blue, SEV-5 green), shared by the Severity page and the Inventory and Combo Matrix tabs.
 */
export const SEVERITY_STYLE: Record<SeverityLevel, { swatch: string; soft: string; border: string; text: string }> = {
  'SEV-1': { swatch: 'bg-red-500', soft: 'bg-red-50', border: 'border-red-300', text: 'text-red-800' },
  'SEV-2': { swatch: 'bg-orange-500', soft: 'bg-orange-50', border: 'border-orange-300', text: 'text-orange-800' },
  'SEV-3': { swatch: 'bg-yellow-400', soft: 'bg-yellow-50', border: 'border-yellow-300', text: 'text-yellow-800' },
  'SEV-4': { swatch: 'bg-blue-500', soft: 'bg-blue-50', border: 'border-blue-300', text: 'text-blue-800' },
  'SEV-5': { swatch: 'bg-green-500', soft: 'bg-green-50', border: 'border-green-300', text: 'text-green-800' },
};

export function SeverityBadge({ level, className }: { level: SeverityLevel; className?: string }) {
  const s = SEVERITY_STYLE[level];
  return (
    <span className={cn('inline-flex items-center gap-1.5 rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap', s.soft, s.border, s.text, className)}>
      <span aria-hidden="true" className={cn('size-2 rounded-full', s.swatch)} />
      {level}
    </span>
  );
}

/** The legend: each level's colour and its range of images per combination. */
export function SeverityLegend({ className }: { className?: string }) {
  return (
    <ul aria-label="Severity legend" className={cn('flex flex-wrap gap-x-4 gap-y-2 text-sm text-slate-700', className)}>
      {SEVERITY_BANDS.map((b) => (
        <li key={b.level} className="flex items-center gap-2">
          <span aria-hidden="true" className={cn('size-3 rounded-sm', SEVERITY_STYLE[b.level].swatch)} />
          <span className="font-semibold">{b.level}</span>
          <span className="text-slate-500">{b.description}</span>
        </li>
      ))}
    </ul>
  );
}
