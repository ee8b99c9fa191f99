import { ExternalLink } from 'lucide-react';
import { GENERATOR_GOOD_SCORE, type AdminGenerateAnswer } from '@drape/contracts/admin';
import { Badge } from '@drape/ui';
import { amazonSearchUrl, googleShoppingUrl } from './shopping-links';

const linkClass =
  'inline-flex min-h-9 items-center gap-1.5 rounded-full border border-slate-300 bg-white px-3 text-xs font-medium text-slate-700 hover:border-slate-400 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-500';

/** The generated look: the 768x1024 image scaled to fit, its quality score and its pieces with shopping links. */
export function GeneratorResult({ result, gender }: { result: AdminGenerateAnswer; gender: string | null }) {
  const good = result.qualityScore >= GENERATOR_GOOD_SCORE;
  const score = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 }).format(result.qualityScore);
  return (
    <section aria-labelledby="generator-result-heading" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="generator-result-heading" className="text-lg font-semibold tracking-tight text-slate-900">
        Generated look
      </h2>
      <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,22rem)_1fr]">
        <div>
          {result.imageUrl ? (
            <img
              src={result.imageUrl}
              alt={`Generated outfit, combination ${result.combinationCode}`}
              width={768}
              height={1024}
              className="aspect-[3/4] h-auto w-full max-w-sm rounded-xl border border-slate-200 bg-slate-100 object-contain"
            />
          ) : (
            <div className="flex aspect-[3/4] w-full max-w-sm items-center justify-center rounded-xl border border-dashed border-slate-300 text-sm text-slate-500">No image</div>
          )}
          <p className="mt-2 text-xs break-all text-slate-500">{result.combinationCode}</p>
        </div>
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3" aria-label="Quality score">
            <span className="text-sm text-slate-600">Quality score</span>
            <span className="text-2xl font-semibold text-slate-900" data-testid="quality-score">
              {score}
              <span className="text-sm font-normal text-slate-500">/100</span>
            </span>
            <Badge tone={good ? 'success' : 'gold'}>{good ? 'Good' : `Below ${GENERATOR_GOOD_SCORE}`}</Badge>
          </div>
          <h3 className="mt-5 text-sm font-semibold text-slate-900">Fashion items</h3>
          {result.fashionItems.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">This look has no itemised pieces.</p>
          ) : (
            <ul aria-label="Fashion items" className="mt-2 flex flex-col divide-y divide-slate-100">
              {result.fashionItems.map((item, i) => (
                <li key={`${item.name}-${i}`} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">{item.name}</p>
                    <p className="text-xs text-slate-500">
                      {[item.type, item.color, item.priceRange].filter(Boolean).join(' · ')}
                    </p>
                    {item.description && <p className="mt-1 text-sm text-slate-600">{item.description}</p>}
                  </div>
                  <div className="flex shrink-0 gap-2">
                    <a className={linkClass} href={googleShoppingUrl(item, gender)} target="_blank" rel="noopener noreferrer" aria-label={`Shop ${item.name} on Google`}>
                      Google <ExternalLink aria-hidden="true" className="size-3.5" />
                    </a>
                    <a className={linkClass} href={amazonSearchUrl(item, gender)} target="_blank" rel="noopener noreferrer" aria-label={`Shop ${item.name} on Amazon`}>
                      Amazon <ExternalLink aria-hidden="true" className="size-3.5" />
                    </a>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
