import { PASSWORD_MIN_LENGTH, ServerErrorCode } from '@salient/protocol';
import { AppError } from '../errors.ts';
import { COMMON_PASSWORDS } from './commonPasswords.ts';

/**
 * Whether a password is one an attacker tries first: a listed password or stem, either with digits and
 * symbols around it, or one character repeated. Case and spaces do not matter.
 */
export function isCommonPassword(password: string): boolean {
  const folded = password.normalize('NFKC').toLowerCase().replace(/\s+/g, '');
  if (COMMON_PASSWORDS.has(folded)) return true;
  if (/^(.)\1*$/su.test(folded)) return true;
  const stem = folded.replace(/^[\d\W_]+|[\d\W_]+$/g, '');
  // An all-digit password has no stem; whether it is common is the list's business.
  return stem.length > 0 && COMMON_PASSWORDS.has(stem);
}

/** Refuses a new password that is too short (PASSWORD_TOO_SHORT) or too common (PASSWORD_TOO_COMMON). */
export function checkNewPassword(password: string): void {
  // Counted in characters as a person sees them, not UTF-16 units.
  if ([...password.normalize('NFKC')].length < PASSWORD_MIN_LENGTH) {
    throw new AppError(
      ServerErrorCode.PasswordTooShort,
      `the password needs at least ${PASSWORD_MIN_LENGTH} characters`,
    );
  }
  if (isCommonPassword(password)) {
    throw new AppError(
      ServerErrorCode.PasswordTooCommon,
      'this password is among the first an attacker tries: choose another',
    );
  }
}

/** The key a username is unique under: Alice and alice are one name. */
export const usernameKey = (username: string) => username.toLowerCase();
