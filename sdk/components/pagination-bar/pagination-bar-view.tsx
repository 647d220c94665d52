import { Button, makeStyles, Select, Text, tokens } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import type { PaginationBarProps } from './pagination-bar-props';
import { PAGE_SIZES } from './pagination-bar-props';

const useStyles = makeStyles({
  // a narrow column (a side panel's list) takes the bar on two lines rather than squeezing its words
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'flex-end', gap: '4px 8px', padding: '8px 0 0' },
  muted: { color: tokens.colorNeutralForeground3, whiteSpace: 'nowrap' },
  page: { whiteSpace: 'nowrap' },
});

/** The view of {@link PaginationBar}; loaded on demand. */
const PaginationBarView = observer(function PaginationBarView(props: PaginationBarProps) {
  const s = useStyles();
  const p = props.pagination;
  const go = (page: number) => {
    p.setCurrent(page);
    props.onChange();
  };
  return (
    <div className={s.bar}>
      <Text className={s.muted}>共 {p.total} 条</Text>
      <Button size="small" disabled={props.disabled || p.current <= 1} onClick={() => go(p.current - 1)}>
        上一页
      </Button>
      <Text className={s.page}>
        {p.current} / {p.pageCount}
      </Text>
      <Button size="small" disabled={props.disabled || p.current >= p.pageCount} onClick={() => go(p.current + 1)}>
        下一页
      </Button>
      <Select
        size="small"
        aria-label="每页条数"
        value={String(p.pageSize)}
        onChange={(_, d) => {
          p.setPageSize(Number(d.value));
          props.onChange();
        }}
      >
        {PAGE_SIZES.map((n) => (
          <option key={n} value={String(n)}>{`${n} 条/页`}</option>
        ))}
      </Select>
    </div>
  );
});

export default PaginationBarView;
