/** Paged lists: a page is read with one row more than it shows, to know whether another follows. */

export interface PageRequest {
  page: number;
  pageSize: number;
}

export interface Page<T> {
  items: T[];
  page: number;
  hasMore: boolean;
}

/** A page from `pageSize + 1` rows: the extra row only tells that there is a next page. */
export function toPage<T>(rows: T[], paging: PageRequest): Page<T> {
  return { items: rows.slice(0, paging.pageSize), page: paging.page, hasMore: rows.length > paging.pageSize };
}
