import { useId, useState } from 'react';
import {
  IMPORT_SKIP_LABELS,
  MARKETING_LIMITS,
  type ImportResult,
} from '../../../contracts/marketing';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api-client';
import { importChunk } from './api';
import { guessMapping, parseCsv } from './csv';

const CHUNK = 2000;
const selectClass = 'h-10 rounded-md border border-border bg-background px-3 text-sm';

/**
 * CSV import: pick a file, check the column mapping on a preview of its first rows, then the
 * rows go up in chunks (the progress bar) and every skipped row is listed with its reason.
 */
export function ImportPanel({ listId, onDone }: { listId: string; onDone: () => void }) {
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

  async function pick(file: File | undefined) {
    setReport(null);
    setError(null);
    if (!file) return;
    const parsed = parseCsv(await file.text());
    if (parsed.length < 2) {
      setError('The file has no rows under its header line.');
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
      setError(errorMessage(e, 'The import stopped. Rows sent so far were imported.'));
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
        Import a CSV file
      </h3>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-file`} className="text-sm font-medium">
          CSV file (first line: column names)
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
                Email column
              </label>
              <select
                id={`${id}-email`}
                className={selectClass}
                value={mapping.email}
                onChange={(e) => setMapping({ ...mapping, email: Number(e.target.value) })}
              >
                {header.map((h, i) => (
                  <option key={i} value={i}>
                    {h || `Column ${i + 1}`}
                  </option>
                ))}
              </select>
            </div>
            <div className="flex flex-col gap-1.5">
              <label htmlFor={`${id}-name`} className="text-sm font-medium">
                Name column
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
                <option value="">None</option>
                {header.map((h, i) => (
                  <option key={i} value={i}>
                    {h || `Column ${i + 1}`}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <p className="text-sm text-muted-foreground">
            {rows.length.toLocaleString()} rows. Other columns are kept as attributes. People who
            unsubscribed before are never added again.
          </p>
          <div className="overflow-x-auto">
            <table className="w-full text-start text-sm">
              <caption className="sr-only">Preview of the first rows</caption>
              <thead>
                <tr>
                  {header.map((h, i) => (
                    <th
                      key={i}
                      scope="col"
                      className="border-b border-border px-2 py-1 font-medium"
                    >
                      {h}
                      {i === mapping.email ? ' (email)' : i === mapping.name ? ' (name)' : ''}
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
              Import {rows.length.toLocaleString()} rows
            </Button>
          </div>
        </>
      ) : null}
      {progress ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-progress`} className="text-sm">
            Importing {progress.done.toLocaleString()} of {progress.total.toLocaleString()} rows
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
            {report.added.toLocaleString()} added, {report.skipped.length.toLocaleString()} skipped.
          </p>
          {report.skipped.length > 0 ? (
            <div className="max-h-64 overflow-auto">
              <table className="w-full text-start text-sm">
                <caption className="sr-only">Skipped rows</caption>
                <thead>
                  <tr>
                    <th scope="col" className="px-2 py-1">
                      Row
                    </th>
                    <th scope="col" className="px-2 py-1">
                      Email
                    </th>
                    <th scope="col" className="px-2 py-1">
                      Reason
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {report.skipped.slice(0, 500).map((s) => (
                    <tr key={s.row}>
                      <td className="px-2 py-1">{s.row}</td>
                      <td className="px-2 py-1">{s.email || '(empty)'}</td>
                      <td className="px-2 py-1">{IMPORT_SKIP_LABELS[s.reason]}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </div>
      ) : null}
      <p className="sr-only">Up to {MARKETING_LIMITS.importChunkRows} rows are sent at a time.</p>
    </section>
  );
}
