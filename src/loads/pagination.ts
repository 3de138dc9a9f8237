import { PAGE_SIZE } from '../config/constants';

/** Page count of SPEC.md section 9: total divided by the page size, rounded up. */
export function pageCount(total: number, pageSize: number = PAGE_SIZE): number {
  if (!Number.isFinite(total) || total <= 0) return 0;
  return Math.ceil(total / pageSize);
}

export interface PaginationState {
  page: number;
  pages: number;
  hasPrevious: boolean;
  hasNext: boolean;
  /** Pagination is shown only when there is more than one page. */
  visible: boolean;
}

export function paginationState(page: number, total: number, pageSize: number = PAGE_SIZE): PaginationState {
  const pages = pageCount(total, pageSize);
  const current = Math.min(Math.max(1, Math.floor(page) || 1), Math.max(1, pages));
  return {
    page: current,
    pages,
    hasPrevious: current > 1,
    hasNext: current < pages,
    visible: pages > 1,
  };
}

/** A page number read from the URL: anything but a positive integer means page 1. */
export function parsePageParam(value: string | null | undefined): number {
  if (!value || !/^\d{1,6}$/.test(value)) return 1;
  const page = Number(value);
  return page >= 1 ? page : 1;
}
