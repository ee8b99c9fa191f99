import { GENDER_NAMES, GENDERS, SELECTION_KINDS, SEVERITY_LEVELS, type Gender, type SelectionKind, type SeverityLevel } from '@drape/contracts';
import { SELECTION_KIND_NAMES } from '@drape/contracts/admin';

export interface MatrixFilters {
  gender: Gender | 'all';
  selectionKind: SelectionKind | 'all';
  severity: SeverityLevel | 'all';
}

export const NO_FILTERS: MatrixFilters = { gender: 'all', selectionKind: 'all', severity: 'all' };

/** The filters as the query sends them: 'all' is left out. */
export function filterInput(f: MatrixFilters) {
  return {
    ...(f.gender !== 'all' ? { gender: f.gender } : {}),
    ...(f.selectionKind !== 'all' ? { selectionKind: f.selectionKind } : {}),
    ...(f.severity !== 'all' ? { severity: f.severity } : {}),
  };
}

const selectClass = 'h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-200 focus:outline-none';

function Choice<T extends string>({ id, label, value, options, onChange }: { id: string; label: string; value: T | 'all'; options: readonly { value: T; label: string }[]; onChange: (v: T | 'all') => void }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-600">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as T | 'all')} className={selectClass}>
        <option value="all">All</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function MatrixFilterBar({ idPrefix, value, onChange, severity = true }: { idPrefix: string; value: MatrixFilters; onChange: (f: MatrixFilters) => void; severity?: boolean }) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <Choice id={`${idPrefix}-gender`} label="Gender" value={value.gender} options={GENDERS.map((g) => ({ value: g, label: GENDER_NAMES[g] }))} onChange={(gender) => onChange({ ...value, gender })} />
      <Choice
        id={`${idPrefix}-kind`}
        label="Selection"
        value={value.selectionKind}
        options={SELECTION_KINDS.map((k) => ({ value: k, label: SELECTION_KIND_NAMES[k] }))}
        onChange={(selectionKind) => onChange({ ...value, selectionKind })}
      />
      {severity && (
        <Choice id={`${idPrefix}-severity`} label="Severity" value={value.severity} options={SEVERITY_LEVELS.map((l) => ({ value: l, label: l }))} onChange={(s) => onChange({ ...value, severity: s })} />
      )}
    </div>
  );
}
