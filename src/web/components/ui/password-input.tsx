import { useLingui } from '@lingui/react/macro';
import { Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { Input } from './input';

/**
 * A password field with a show/hide toggle (spec §2 sign-up). The toggle says what it does:
 * "Show password", or "Show {toggleLabel}" with the field's name in the page's language.
 */
export function PasswordInput({
  toggleLabel,
  ...props
}: Omit<ComponentProps<'input'>, 'type'> & { toggleLabel?: string }) {
  const [isVisible, setVisible] = useState(false);
  const { t } = useLingui();
  const field = toggleLabel ?? t`password`;
  return (
    <div className="relative">
      <Input {...props} type={isVisible ? 'text' : 'password'} className="pe-11" />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={isVisible ? t`Hide ${field}` : t`Show ${field}`}
        aria-pressed={isVisible}
        className="absolute inset-y-0 end-0 flex w-10 items-center justify-center rounded-e-md text-muted-foreground hover:text-foreground"
      >
        {isVisible ? (
          <EyeOff aria-hidden="true" className="size-4" />
        ) : (
          <Eye aria-hidden="true" className="size-4" />
        )}
      </button>
    </div>
  );
}
