import { useCallback } from 'react';
import { Pagination, useTranslate, type PaginationProps } from 'react-admin';
import type { TablePaginationProps } from '@mui/material/TablePagination';

type ItemType = Parameters<NonNullable<TablePaginationProps['getItemAriaLabel']>>[0];

/**
 * react-admin's <Pagination>, its first/previous/next/last buttons named in the user's language at
 * every width. Below the md breakpoint react-admin draws MUI's compact TablePagination without
 * passing it a label function, so MUI's English "Go to next page" stayed on Hindi screens; here
 * both forms read react-admin's own ra.navigation.* texts (hiRa has them in Hindi).
 */
export function ScreenPagination(props: PaginationProps) {
  const translate = useTranslate();
  const itemLabel = useCallback((type: ItemType) => translate(`ra.navigation.${type}`), [translate]);
  // Not in react-admin's prop type, but passed on to TablePagination in both forms (the wide one
  // sets the same labels itself).
  const labels: Pick<TablePaginationProps, 'getItemAriaLabel'> = { getItemAriaLabel: itemLabel };
  return <Pagination {...props} {...labels} />;
}
