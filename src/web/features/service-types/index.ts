// Vendor service type names in the page's language, shared by the features that show them
// (scripts/eslint/feature-boundaries.js: other features import only what is listed here).
export {
  CATEGORY_LABELS,
  SERVICE_TYPE_LABELS,
  useCategoryLabel,
  useServiceTypeLabel,
} from './service-type-labels';
