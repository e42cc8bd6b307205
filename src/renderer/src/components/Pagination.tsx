import type { ListMeta } from '../../../shared/wire/envelopes';

/** Previous / next over the service's pages, with where we are in words. */
export function Pagination({
  meta,
  onPage,
  label,
}: {
  meta: ListMeta;
  onPage: (page: number) => void;
  label: string;
}) {
  const totalPages = Math.max(1, Math.ceil(meta.total / meta.perPage));
  if (totalPages <= 1) return null;
  return (
    <nav className="pagination" aria-label={`${label} pages`}>
      <button
        type="button"
        className="button"
        disabled={meta.page <= 1}
        onClick={() => onPage(meta.page - 1)}
      >
        Previous
      </button>
      <span className="muted" aria-live="polite">
        Page {meta.page} of {totalPages} · {meta.total.toLocaleString()} in all
      </span>
      <button
        type="button"
        className="button"
        disabled={meta.page >= totalPages}
        onClick={() => onPage(meta.page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
