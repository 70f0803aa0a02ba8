import type { ReactNode } from 'react';
import { DEFAULT_ZONE, momentText } from './format';
import type { Lang, PublicTexts } from './texts';

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="pt-card">
      <h2>{title}</h2>
      {children}
    </section>
  );
}

export function Field({ label, value }: { label: string; value: ReactNode }) {
  if (value === null || value === undefined || value === '') return null;
  return (
    <div className="pt-field">
      <span className="pt-label">{label}</span>
      <span className="pt-value">{value}</span>
    </div>
  );
}

export type Warning = keyof PublicTexts['status'];

/**
 * A warning the reader cannot miss: first on the page, in red, with an icon and a role screen readers announce.
 * A withdrawal names its day.
 */
export function StatusWarning({ status, t, day }: { status: Warning; t: PublicTexts; day?: string | null }) {
  return (
    <div className="pt-warning" role="alert" data-status={status}>
      <span aria-hidden="true">⚠</span> {status === 'withdrawn' && day ? t.withdrawnOn(day) : t.status[status]}
    </div>
  );
}

/** "Checked N times, first on ...": a code many times checked far from its first check is worth a doubt. */
export function ScanLine(props: {
  scanCount: number;
  firstScanAt: number | null;
  timeZone?: string;
  lang: Lang;
  t: PublicTexts;
}) {
  const { scanCount, firstScanAt, lang, t } = props;
  if (scanCount <= 0) return null;
  const text =
    firstScanAt === null
      ? t.firstScan
      : t.scans(scanCount, momentText(firstScanAt, lang, props.timeZone ?? DEFAULT_ZONE));
  return (
    <p className="pt-scans" data-testid="scan-line">
      {text}
    </p>
  );
}

export function Loading({ t }: { t: PublicTexts }) {
  return (
    <div className="pt-state" aria-busy="true">
      <div className="pt-spinner" />
      {t.loading}
    </div>
  );
}

export function Failed({ t, onRetry }: { t: PublicTexts; onRetry: () => void }) {
  return (
    <div className="pt-state" role="alert">
      <p>{t.failed}</p>
      <button type="button" onClick={onRetry}>
        {t.retry}
      </button>
    </div>
  );
}
