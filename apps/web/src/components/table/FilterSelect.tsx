/**
 * A list's filter as a Select in its toolbar, bound to the list's value of `name` (kept with its page and sort, in
 * the URL). Its first option ("All Tickets", "All Properties", "Any time") has the value NO_FILTER, which sets none.
 * The list shows no label above it: the label names it for assistive technology.
 */
import { Select, type SelectProps } from '@mantine/core';
import type { FilterControls } from './DataTable';
import classes from './FilterSelect.module.css';

/** The value of a filter's "All ..." option: no filter. */
export const NO_FILTER = 'all';

/** The class of a filter's Select (its width in the toolbar), for a filter that is not a FilterSelect. */
export const filterClass = classes.filter;

export function FilterSelect({
  name,
  label,
  values,
  set,
  ...props
}: FilterControls & { name: string; label: string } & Pick<
    SelectProps,
    'data' | 'searchable' | 'nothingFoundMessage' | 'leftSection'
  >) {
  return (
    <Select
      className={classes.filter}
      size="sm"
      aria-label={label}
      {...props}
      value={values[name] ?? NO_FILTER}
      onChange={(value) => set(name, value === NO_FILTER ? null : value)}
      allowDeselect={false}
      comboboxProps={{ zIndex: 400 }}
    />
  );
}
