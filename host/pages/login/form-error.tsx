import { makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  box: {
    padding: '8px 12px',
    borderRadius: tokens.borderRadiusMedium,
    fontSize: '13px',
    lineHeight: '20px',
  },
  error: { color: tokens.colorPaletteRedForeground1, background: tokens.colorPaletteRedBackground1, border: `1px solid ${tokens.colorPaletteRedBorder1}` },
  success: { color: tokens.colorPaletteGreenForeground1, background: tokens.colorPaletteGreenBackground1, border: `1px solid ${tokens.colorPaletteGreenBorder1}` },
});

/** The message line above a login form (kept light: the login page has a bundle budget). */
export function FormMessage(props: { text: string; intent?: 'error' | 'success' }) {
  const s = useStyles();
  const intent = props.intent ?? 'error';
  return (
    <div role={intent === 'error' ? 'alert' : 'status'} className={`${s.box} ${s[intent]}`}>
      {props.text}
    </div>
  );
}
