import { HOLD_MINUTES } from '../../../contracts/tickets';
import type { TranslatedLocale } from '../../db/schema/content';

// Demo versions of a few help articles in other languages, so a fresh install shows a help
// centre that reads in Spanish (and one article in Arabic) with the rest falling back to
// English. Buttons and tabs are quoted as the app writes them in that language.
export interface HelpTranslationSeed {
  slug: string;
  language: TranslatedLocale;
  title: string;
  summary: string;
  body: string;
}

export const HELP_TRANSLATIONS: HelpTranslationSeed[] = [
  {
    slug: 'buy-tickets',
    language: 'es',
    title: '¿Cómo compro entradas?',
    summary:
      'Elija los tipos de entrada en la página del evento, finalice el pago y pague con tarjeta.',
    body: `Abra el evento y elija «Conseguir entradas». Indique cuántas entradas de cada tipo desea, añada un código de descuento si tiene uno y finalice la compra. Sus entradas quedan reservadas durante ${HOLD_MINUTES} minutos mientras paga, para que nadie más pueda quedárselas.

El pago se realiza en la página de pago segura de nuestro proveedor de pagos. En cuanto se confirma el pago, se emiten sus entradas: las recibe por correo electrónico y aparecen en «Sus entradas», dentro de su «Panel».`,
  },
  {
    slug: 'where-are-my-tickets',
    language: 'es',
    title: '¿Dónde están mis entradas?',
    summary: 'En «Sus entradas», por correo electrónico y en PDF con un código QR.',
    body: `Todas sus entradas aparecen en «Sus entradas», dentro de su «Panel», con los próximos eventos primero. Abra una entrada para ver su código QR, que el organizador escanea en la puerta. Puede mostrarlo desde su teléfono o elegir «Descargar PDF».

También le enviamos sus entradas por correo electrónico después del pago. Si no las encuentra, compruebe que ha iniciado sesión con la misma dirección de correo electrónico con la que pagó.`,
  },
  {
    slug: 'refunds',
    language: 'es',
    title: '¿Cómo obtengo un reembolso?',
    summary:
      'Los reembolsos los concede el organizador del evento, también cuando se cancela un evento.',
    body: `Para obtener un reembolso, póngase en contacto con el organizador del evento: el organizador decide los reembolsos de su evento y puede reembolsar su pedido desde la página «Entradas» del evento. El dinero vuelve a la tarjeta con la que pagó, normalmente en un plazo de 5 a 10 días hábiles.

Lo mismo ocurre si se cancela un evento: su organizador reembolsa los pedidos. Si el organizador no responde, utilice el formulario de contacto con la referencia de su pedido y nuestro equipo de soporte le ayudará.`,
  },
  {
    slug: 'refunds',
    language: 'ar',
    title: 'كيف أسترد أموالي؟',
    summary: 'يمنح منظِّم الفعالية المبالغ المستردة، وكذلك عند إلغاء الفعالية.',
    body: `لاسترداد أموالك، تواصل مع منظِّم الفعالية: فالمنظِّم هو من يقرر المبالغ المستردة لفعاليته، ويمكنه رد مبلغ طلبك من صفحة «التذاكر» الخاصة بالفعالية. تعود الأموال إلى البطاقة التي دفعت بها، عادةً خلال 5 إلى 10 أيام عمل.

وينطبق ذلك أيضًا على الفعالية الملغاة: إذ يرد منظِّمها مبالغ الطلبات. وإذا لم يرد المنظِّم، فاستخدم نموذج التواصل مع ذكر مرجع طلبك، وسيساعدك فريق الدعم لدينا.`,
  },
];
