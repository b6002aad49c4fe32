/** A labelled password field; a new password's says what the server accepts (10 to 200 characters, not easy to guess). */
const PASSWORD_HINT = 'At least 10 characters. A few unusual words make a strong password that is easy to remember.';

export function PasswordInput({
  label,
  name,
  value,
  onChange,
  isNew = false,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  isNew?: boolean;
}) {
  return (
    <label>
      {label}
      <input
        name={name}
        type="password"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        required
        autoComplete={isNew ? 'new-password' : 'current-password'}
      />
      {isNew && <span className="muted small">{PASSWORD_HINT}</span>}
    </label>
  );
}
