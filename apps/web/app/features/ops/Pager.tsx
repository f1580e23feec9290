import { useT } from '../../lib/i18n.tsx';
import { LocalizedLink } from '../../components/LocalizedLink.tsx';

/** The links around one page of a console list (previous, "page N of M", next); none when it fits on one. */
export function Pager({
  of: { total, page, page_size },
  href,
}: {
  /** The list's page as its endpoint answers it. */
  of: { total: number; page: number; page_size: number };
  /** The console path of another page of the same list. */
  href: (page: number) => string;
}) {
  const t = useT();
  const pages = Math.max(1, Math.ceil(total / page_size));
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('ops.orders.pages')} className="flex flex-wrap items-center gap-3">
      {page > 1 ? <LocalizedLink to={href(page - 1)}>{t('ops.orders.previous')}</LocalizedLink> : null}
      <span>{t('ops.orders.pageOf', { page, pages })}</span>
      {page < pages ? <LocalizedLink to={href(page + 1)}>{t('ops.orders.next')}</LocalizedLink> : null}
    </nav>
  );
}
