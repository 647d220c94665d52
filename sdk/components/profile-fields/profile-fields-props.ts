import type { ProfileField } from '../../asset-kinds';

/** Props of `ProfileInput`. */
export interface ProfileInputProps {
  field: ProfileField;
  /** The field's value as text ('' when empty; a photo's uploaded address). */
  value: string;
  onChange: (value: string) => void;
}
