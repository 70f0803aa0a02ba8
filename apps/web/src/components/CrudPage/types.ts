import type { Paged } from '@farmpark/contracts';
import type { FormInstance, TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import type { ZodType } from 'zod';
import type { ExportFormat } from '../../api/request';
import type { CsvColumn } from './csv';

/** One input of the search form; its value is sent as the query parameter `name` ('' and undefined are left out). */
export interface SearchField {
  name: string;
  label: string;
  input: ReactNode;
  /** Turns the form value into query parameters (e.g. a date range into startTime and endTime). */
  toParams?: (value: unknown) => Record<string, string | number | boolean | undefined>;
}

/** One field of the create/edit dialog. */
export interface FormField<R> {
  name: string;
  label: string;
  input: ReactNode | ((editing: R | null) => ReactNode);
  /** The contract schema of the field: the form checks what the server will check, in the user's language. */
  schema?: ZodType | ((editing: R | null) => ZodType | undefined);
  required?: boolean;
  /** Grid columns out of 24 on a wide screen (full width on a phone). */
  span?: number;
  /** Shown only when creating (e.g. the initial password). */
  createOnly?: boolean;
  /** Shown only when editing (e.g. why a finished record is corrected). */
  editOnly?: boolean;
  /** Shown but not editable when editing (e.g. the login name). */
  fixedOnEdit?: boolean;
  valuePropName?: string;
  extra?: ReactNode;
  /** Fields whose change checks this one again (a date that may not be before another). */
  dependencies?: string[];
}

export interface CrudForm<R, V> {
  fields: FormField<R>[];
  /** The contract body the dialog posts: checked before sending, cross-field rules included. */
  schema?: ZodType | ((editing: R | null) => ZodType | undefined);
  /** The form's values as the body it posts (default: the values as they are), the edited row's id included. */
  toBody?: (values: V, editing: R | null) => unknown;
  /** Form values of a row being edited. */
  toValues?: (row: R) => Partial<V>;
  initialValues?: Partial<V>;
  create?: (values: V) => Promise<unknown>;
  update?: (row: R, values: V) => Promise<unknown>;
  width?: number;
  /**
   * A save that is allowed but probably a mistake (e.g. a user who will see no park): the question to
   * ask first, or null to save at once.
   */
  confirmSave?: (values: V, editing: R | null) => string | null;
  /** More content below the fields (e.g. a permission tree), given the form. */
  children?: (form: FormInstance<V>, editing: R | null) => ReactNode;
}

export interface CrudApi {
  /** Reloads the current page of the table. */
  reload: () => void;
}

export interface CrudPageProps<R extends object, V> {
  /** Prefix of data-testid attributes (`${testId}-table`, `${testId}-create`...). */
  testId: string;
  title?: ReactNode;
  rowKey: keyof R & string;
  columns: TableColumnsType<R>;
  fetchList: (
    params: Record<string, string | number | boolean | undefined> & { pageNum: number; pageSize: number },
  ) => Promise<Paged<R>>;
  /**
   * The free-text box every list has, first in the search form and sent as `keyword`: its label, or its
   * label and placeholder.
   */
  keyword?: string | { label: string; placeholder: string };
  /** The page's other search inputs, after the keyword box. */
  search?: SearchField[];
  form?: CrudForm<R, V>;
  /** Removes rows by id (single delete with confirm and batch delete of the selected rows). */
  remove?: (ids: number[]) => Promise<unknown>;
  /** Label of a row in confirm messages. */
  rowLabel?: (row: R) => string;
  /** A row that may not be edited or removed (e.g. the administrator role). */
  locked?: (row: R) => boolean;
  /** Width of the action column (default 200). */
  actionsWidth?: number;
  /** Extra buttons in each row's action cell. */
  rowActions?: (row: R, api: CrudApi) => ReactNode;
  /** Export of the filtered rows: client-side CSV of these columns, or a server URL for the filter. */
  exportCsv?:
    | { filename: string; columns: CsvColumn<R>[] }
    | { url: (filters: Record<string, string | number | undefined>) => string };
  /**
   * Excel and CSV written by the server for the filters on screen (ExportButtons after the toolbar, test ids
   * `${testId}-export-<format>`); the filters come without paging and without switches' true/false.
   */
  exportUrl?: (filters: Record<string, string | number | undefined>, format: ExportFormat) => string;
  /** Toolbar buttons; a function gets the ids of the ticked rows (e.g. print only those). */
  toolbar?: ReactNode | ((selected: number[]) => ReactNode);
  pageSize?: number;
}
