import type { TPageState } from '@sala/shared/table/table.contract';

/** A table's state as the query string the list endpoints read. */
export function pageQueryString(state: TPageState): string {
  const params = new URLSearchParams({
    page: String(state.page),
    pageSize: String(state.pageSize),
    sort: state.sort,
    dir: state.dir,
  });
  if (state.q) params.set('q', state.q);
  return params.toString();
}
