import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import {
  IMPORT_SKIP_LABELS,
  MARKETING_LIMITS,
  type ImportResult,
} from '../../../contracts/marketing';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useContractText } from '../../i18n/contract-text';
import { errorMessage } from '../../lib/api-client';
import { currentIntlLocale } from '../../lib/intl-locale';
import { importChunk } from './api';
import { guessMapping, parseCsv } from './csv';

const CHUNK = 2000;
const selectClass = 'h-10 rounded-md border border-border bg-background px-3 text-sm';

/**
 * CSV import: pick a file, check the column mapping on a preview of its first rows, then the
 * rows go up in chunks (the progress bar) and every skipped row is listed with its reason.
 */
export function ImportPanel({ listId, onDone }: { listId: string; onDone: () => void }) {
  const { t } = useLingui();
  // The reasons a row was skipped are the contract's texts.
  const say = useContractText();
  const id = useId();
  const [table, setTable] = useState<string[][] | null>(null);
  const [mapping, setMapping] = useState<{ email: number; name: number | null }>({
    email: 0,
    name: null,
  });
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [report, setReport] = useState<ImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  const header = table?.[0] ?? [];
  const rows = table?.slice(1) ?? [];
  const rowCount = rows.length;
  const chunkRows = MARKETING_LIMITS.importChunkRows;
  const columnName = (index: number) => {
    const column = index + 1;
    return t`Column ${column}`;
  };
  // The preview's header says which columns were chosen for the address and the name.
  const headerLabel = (column: string, index: number) => {
    if (index === mapping.email) return t`${column} (email)`;
    if (index === mapping.name) return t`${column} (name)`;
    return column;
  };
  const done = (progress?.done ?? 0).toLocaleString(currentIntlLocale());
  const total = progress?.total ?? 0;
  const added = report?.added ?? 0;
  const skipped = report?.skipped.length ?? 0;

  async function pick(file: File | undefined) {
    setReport(null);
    setError(null);
    if (!file) return;
    const parsed = parseCsv(await file.text());
    if (parsed.length < 2) {
      setError(t`The file has no rows under its header line.`);
      setTable(null);
      return;
    }
    setTable(parsed);
    setMapping(guessMapping(parsed[0] ?? []));
  }

  async function run() {
    setError(null);
    const total = rows.length;
    const result: ImportResult = { added: 0, skipped: [] };
    setProgress({ done: 0, total });
    const attributes = header
      .map((_, i) => i)
      .filter((i) => i !== mapping.email && i !== mapping.name);
    try {
      for (let start = 0; start < total; start += CHUNK) {
        const chunk = await importChunk(listId, {
          header: header.slice(0, 100),
          rows: rows
            .slice(start, start + CHUNK)
            .map((r) => r.slice(0, 100).map((c) => c.slice(0, 2000))),
          mapping: { email: mapping.email, name: mapping.name, attributes },
          firstRowNumber: start + 2,
        });
        result.added += chunk.added;
        result.skipped.push(...chunk.skipped);
        setProgress({ done: Math.min(total, start + CHUNK), total });
      }
      setReport(result);
      setTable(null);
      onDone();
    } catch (e) {
      setError(errorMessage(e, t`The import stopped. Rows sent so far were imported.`));
    } finally {
      setProgress(null);
    }
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-lg border border-border p-4"
    >
      <h3 id={`${id}-title`} className="text-lg font-semibold">
        <Trans>Import a CSV file</Trans>
      </h3>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-file`} className="text-sm font-medium">
          <Trans>CSV file (first line: column names)</Trans>
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          onChange={(e) => void pick(e.target.files?.[0])}
          className="text-sm"
        />
      </div>
      {error ? <Alert variant="destructive">{error}</Alert> : null}
      {table ? (
        <>
          <div className="flex flex-wrap gap-4">
            <div className="flex flex-col gap-1.5">
              <label htmlFor={`${id}-email`} className="text-sm font-medium">
                <Trans>Email column</Trans>
              </label>
              <select
                id={`${id}-email`}
                className={selectClass}
                value={mapping.email}
                onChange={(e) => setMapping({ ...mapping, email: Number(e.target.value) })}
              >
                {header.map((h, i) => (
                  <option key={i} value={i}>
                    {h || columnName(i)}
                  </option>
                ))}
              </select>
            </div>
            <div className="flex flex-col gap-1.5">
              <label htmlFor={`${id}-name`} className="text-sm font-medium">
                <Trans>Name column</Trans>
              </label>
              <select
                id={`${id}-name`}
                className={selectClass}
                value={mapping.name ?? ''}
                onChange={(e) =>
                  setMapping({
                    ...mapping,
                    name: e.target.value === '' ? null : Number(e.target.value),
                  })
                }
              >
                <option value="">{t`None`}</option>
                {header.map((h, i) => (
                  <option key={i} value={i}>
                    {h || columnName(i)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <p className="text-sm text-muted-foreground">
            {t`${plural(rowCount, { one: '# row.', other: '# rows.' })} Other columns are kept as attributes. People who unsubscribed before are never added again.`}
          </p>
          <div className="overflow-x-auto">
            <table className="w-full text-start text-sm">
              <caption className="sr-only">
                <Trans>Preview of the first rows</Trans>
              </caption>
              <thead>
                <tr>
                  {header.map((h, i) => (
                    <th
                      key={i}
                      scope="col"
                      className="border-b border-border px-2 py-1 font-medium"
                    >
                      {headerLabel(h, i)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.slice(0, 5).map((r, ri) => (
                  <tr key={ri}>
                    {header.map((_, ci) => (
                      <td key={ci} className="border-b border-border px-2 py-1">
                        {r[ci] ?? ''}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div>
            <Button onClick={() => void run()} disabled={progress !== null}>
              {t`Import ${plural(rowCount, { one: '# row', other: '# rows' })}`}
            </Button>
          </div>
        </>
      ) : null}
      {progress ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-progress`} className="text-sm">
            {t`Importing ${done} of ${plural(total, { one: '# row', other: '# rows' })}`}
          </label>
          <progress
            id={`${id}-progress`}
            max={progress.total}
            value={progress.done}
            className="w-full"
          />
        </div>
      ) : null}
      {report ? (
        <div className="flex flex-col gap-2" role="status">
          <p className="font-medium">
            {t`${plural(added, { one: '# added', other: '# added' })}, ${plural(skipped, { one: '# skipped', other: '# skipped' })}.`}
          </p>
          {report.skipped.length > 0 ? (
            <div className="max-h-64 overflow-auto">
              <table className="w-full text-start text-sm">
                <caption className="sr-only">
                  <Trans>Skipped rows</Trans>
                </caption>
                <thead>
                  <tr>
                    <th scope="col" className="px-2 py-1">
                      <Trans>Row</Trans>
                    </th>
                    <th scope="col" className="px-2 py-1">
                      <Trans>Email</Trans>
                    </th>
                    <th scope="col" className="px-2 py-1">
                      <Trans>Reason</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {report.skipped.slice(0, 500).map((s) => (
                    <tr key={s.row}>
                      <td className="px-2 py-1">{s.row}</td>
                      <td className="px-2 py-1">{s.email || t`(empty)`}</td>
                      <td className="px-2 py-1">{say(IMPORT_SKIP_LABELS[s.reason])}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </div>
      ) : null}
      <p className="sr-only">
        <Trans>Up to {chunkRows} rows are sent at a time.</Trans>
      </p>
    </section>
  );
}
