import { makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: '120px 1fr', rowGap: '12px', columnGap: '16px', fontSize: '14px', maxWidth: '560px' },
  key: { color: tokens.colorNeutralForeground3 },
});

/** Label/value rows. */
export function InfoList(props: { rows: [string, string][] }) {
  const s = useStyles();
  return (
    <div className={s.grid}>
      {props.rows.map(([k, v]) => (
        <div key={k} style={{ display: 'contents' }}>
          <span className={s.key}>{k}</span>
          <span>{v}</span>
        </div>
      ))}
    </div>
  );
}
