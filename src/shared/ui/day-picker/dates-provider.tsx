// The one place dayjs is imported in the SPA: the Chinese locale Mantine's date pickers name days
// and months with. Nothing here formats a time (eslint.config.js keeps dayjs out of everything else).
// It wraps each picker rather than the app: at the root it put 3.6 KB gzip of @mantine/dates and
// dayjs on the first page (bench:bundle went over its 150 KB); here it loads with the lazy pages.
import '@mantine/dates/styles.css';
import 'dayjs/locale/zh-cn';
import { DatesProvider } from '@mantine/dates';
import type { ReactNode } from 'react';

/** Date pickers in Chinese, weeks from Monday (as the server counts them), values as `YYYY-MM-DD` strings. */
export function ChineseDates({ children }: { children: ReactNode }) {
  return <DatesProvider settings={{ locale: 'zh-cn', firstDayOfWeek: 1, consistentWeeks: true }}>{children}</DatesProvider>;
}
