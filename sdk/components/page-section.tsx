import { createElement as h, type CSSProperties, type ReactNode } from 'react';
import { Button, tokens } from '@fluentui/react-components';

/** Props of {@link PageSection}. */
export interface PageSectionProps {
  /** The section's heading, also its accessible name. */
  title: string;
  /** Buttons beside the title (新增, 导出 …). */
  tools?: ReactNode;
  /** The filter row under the title. */
  filters?: ReactNode;
  /** The filter row's accessible name (历史告警查询 …): the row becomes a search landmark. */
  filtersLabel?: string;
  /** A refusal or failure to show above the content (role alert). */
  error?: string;
  /** When given, the error line ends with a 重试 button that calls it (e.g. a list's load). */
  onRetry?: () => void;
  /** Laid over the card's own style, e.g. to fill a grid cell and let a long list scroll inside it. */
  style?: CSSProperties;
  children: ReactNode;
}

// Inline styles: this module loads with the SDK entry, where style hooks are not created at import.
const frame: CSSProperties = {
  display: 'flex', flexDirection: 'column', gap: '12px', padding: '16px 20px', background: tokens.colorNeutralBackground1,
  borderRadius: tokens.borderRadiusLarge, boxShadow: tokens.shadow2, minHeight: '200px',
};
const head: CSSProperties = { display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap' };
const title: CSSProperties = { flex: 1, margin: 0, fontSize: tokens.fontSizeBase500, lineHeight: tokens.lineHeightBase500, fontWeight: tokens.fontWeightSemibold };
const filters: CSSProperties = { display: 'flex', alignItems: 'flex-end', gap: '8px', flexWrap: 'wrap' };
const error: CSSProperties = { display: 'flex', alignItems: 'center', gap: '8px', color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase300 };

/** A page's card: title with its buttons, a filter row, an error line (with 重试 when it can be retried), then the content (a list, a form, a chart). */
export function PageSection(props: PageSectionProps) {
  return h(
    'section',
    { style: props.style ? { ...frame, ...props.style } : frame, 'aria-label': props.title },
    h('div', { style: head }, h('h2', { style: title }, props.title), props.tools),
    props.filters && h('div', { style: filters, ...(props.filtersLabel && { role: 'search', 'aria-label': props.filtersLabel }) }, props.filters),
    props.error &&
      h(
        'div',
        { style: error },
        h('span', { role: 'alert' }, props.error),
        props.onRetry && h(Button, { size: 'small', appearance: 'transparent', onClick: props.onRetry }, '重试'),
      ),
    props.children,
  );
}
