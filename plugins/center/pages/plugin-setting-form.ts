import { valueProblem, type PluginSettingField, type PluginSettingValue, type PluginSettingValues } from '@tianlu/sdk';

/** A plugin's settings as the administrator edits them: numbers as typed, the rest as they are. */
export type PluginSettingForm = Record<string, string | boolean>;

/** The form of saved values. */
export function toPluginSettingForm(fields: readonly PluginSettingField[], values: PluginSettingValues): PluginSettingForm {
  return Object.fromEntries(
    fields.map((f) => {
      const value = values[f.key];
      return [f.key, f.kind === 'boolean' ? value === true : typeof value === 'string' ? value : String(value ?? '')];
    }),
  );
}

/** The value of one field of the form as it is sent (a number typed as text becomes a number). */
function valueOf(field: PluginSettingField, entered: string | boolean | undefined): unknown {
  if (field.kind !== 'number') return entered;
  const text = String(entered ?? '').trim();
  return text === '' ? undefined : Number(text);
}

/** The messages of the bad fields, the server's words (the declaration's checks), by key. */
export function checkPluginSettingForm(fields: readonly PluginSettingField[], form: PluginSettingForm): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const f of fields) {
    const value = valueOf(f, form[f.key]);
    const problem = f.kind === 'number' && value === undefined ? `请填写${f.title}` : valueProblem(f, value);
    if (problem) errors[f.key] = problem;
  }
  return errors;
}

/** The checked form as the values to save. */
export function pluginSettingValues(fields: readonly PluginSettingField[], form: PluginSettingForm): Record<string, PluginSettingValue> {
  return Object.fromEntries(fields.map((f) => [f.key, valueOf(f, form[f.key]) as PluginSettingValue]));
}
