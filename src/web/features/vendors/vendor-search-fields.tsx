import { useLingui } from '@lingui/react/macro';
import { VENDOR_SERVICE_TYPES } from '../../../contracts/enums';
import type { VendorServiceType } from '../../../contracts/vendors';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { useServiceTypeLabel } from '../service-types';

/** The vendor search box, labelled as both vendor searches (directory, hiring) name it. */
export function VendorSearchInput({
  id,
  value,
  onChange,
  placeholder,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
}) {
  const { t } = useLingui();
  return (
    <Field id={id} label={t`Search vendors`}>
      <Input
        id={id}
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
      />
    </Field>
  );
}

/** A choice of service type, or all of them (the empty value). */
export function ServiceTypeSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: VendorServiceType | '';
  onChange: (value: VendorServiceType | '') => void;
}) {
  const { t } = useLingui();
  const serviceTypeLabel = useServiceTypeLabel();
  return (
    <Field id={id} label={t`Service type`}>
      <Select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as VendorServiceType | '')}
      >
        <option value="">{t`All services`}</option>
        {VENDOR_SERVICE_TYPES.map((name) => (
          <option key={name} value={name}>
            {serviceTypeLabel(name)}
          </option>
        ))}
      </Select>
    </Field>
  );
}
