import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Spinner } from './ui/spinner';

/** A QR code of `text` as an image; the QR library loads only where one is drawn. */
export function QrImage({
  text,
  label,
  size = 192,
}: {
  text: string;
  label: string;
  size?: number;
}) {
  const [src, setSrc] = useState<string | null>(null);
  const { t } = useLingui();
  useEffect(() => {
    let live = true;
    void import('qrcode').then((qr) =>
      qr.toDataURL(text, { margin: 1, width: size }).then((url) => live && setSrc(url)),
    );
    return () => {
      live = false;
    };
  }, [text, size]);
  return src ? (
    <img
      src={src}
      alt={t`QR code for ${label}`}
      width={size}
      height={size}
      className="rounded border border-border bg-white"
    />
  ) : (
    <Spinner label={t`Drawing the QR code`} />
  );
}
