import { MAX } from '@core/limits';
import { Password } from 'primereact/password';

/**
 * A Folio account's password as every account form asks for it: masked with a show toggle, no
 * strength meter, at most MAX.password characters. (The login form has no cap: an LDAP password
 * may be longer.)
 */
export function AccountPassword({
  id,
  value,
  onChange,
  autoComplete,
  autoFocus,
  required,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'new-password' | 'current-password';
  autoFocus?: boolean;
  required?: boolean;
}) {
  return (
    <Password
      inputId={id}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      feedback={false}
      toggleMask
      autoComplete={autoComplete}
      maxLength={MAX.password}
      autoFocus={autoFocus}
      required={required}
    />
  );
}
