import type { PrivacySettings } from '../../store/security-queries';

/** `138****0000`: the first three and the last four digits of a phone number. */
export function maskPhone(phone: string): string {
  if (!phone) return '';
  if (phone.length <= 7) return `${phone.slice(0, 1)}****`;
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}

/** `z***@example.com`: the first character of the name, the domain kept. */
export function maskEmail(email: string): string {
  if (!email) return '';
  const at = email.lastIndexOf('@');
  if (at < 1) return `${email.slice(0, 1)}***`;
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

interface Contact {
  id: number;
  phone: string | null;
  email: string;
  privacy: PrivacySettings;
}

/**
 * A user's phone and e-mail as `viewerId` may see them: masked where the user chose to hide them
 * in 安全中心, except from the user themselves.
 */
export function visibleContact(u: Contact, viewerId: number): { phone: string; email: string } {
  const own = u.id === viewerId;
  const phone = u.phone ?? '';
  return {
    phone: !own && u.privacy.hidePhone ? maskPhone(phone) : phone,
    email: !own && u.privacy.hideEmail ? maskEmail(u.email) : u.email,
  };
}

/**
 * An edit form sends back what it was shown: a masked value left as it was keeps the stored one.
 * Answers what to store as typed (the caller checks it).
 */
export function unmaskedInput(typed: string | undefined, stored: string | null, shown: string): string | undefined {
  return typed !== undefined && shown !== (stored ?? '') && typed.trim() === shown ? (stored ?? '') : typed;
}
