// Lingui extractor for src/contracts. The contracts hold the spec's English texts as plain
// strings (zod messages, message tables), shared by the server and the web and compared by
// tests; they stay plain. This extractor finds them by where they stand and writes each as an
// ICU message: a template literal's constant parts are filled in (`${MAX}` → 1000) and its
// other parts become placeholders (`${label} is required` → "{label} is required"), which the
// runtime matches back (src/contracts/contract-texts.ts). Decision 049.
import path from 'node:path';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import ts from 'typescript';

// zod checks whose message is the argument after the limit, and those whose message comes first.
const CHECKS_WITH_LIMIT = new Set([
  'min',
  'max',
  'length',
  'regex',
  'gte',
  'lte',
  'gt',
  'lt',
  'multipleOf',
  'startsWith',
  'endsWith',
  'includes',
  'refine',
]);
const CHECKS_MESSAGE_FIRST = new Set([
  'email',
  'url',
  'uuid',
  'int',
  'positive',
  'nonnegative',
  'negative',
  'nonpositive',
  'nonempty',
  'finite',
]);
const MESSAGE_PROPERTIES = new Set(['error', 'message']);
// Constants holding texts for people: FOO_MESSAGES = { … }, DATE_RANGE_MESSAGE = `…`, and the
// names a page shows for stored values (REPORT_REASON_LABELS = { spam: 'Spam' }).
const TEXT_CONSTANT = /(MESSAGES?|TEXTS?|ERRORS?|LABELS)$/;
// A contracts helper's parameter that names the field in its messages (`Text(120, 'Title')`):
// so named, and written into one of its templates (`${label} is required`).
const LABEL_PARAMETER = /^(label|field)$/;

let program;
function contractsProgram(filename) {
  const dir = path.dirname(filename);
  if (!program || !program.getSourceFile(filename)) {
    const files = ts.sys
      .readDirectory(dir, ['.ts'])
      .filter((f) => !/\.(test|arbitraries)\.ts$/.test(f));
    program = ts.createProgram(files, {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      strict: true,
      noEmit: true,
    });
  }
  return program;
}

const icuEscape = (text) => text.replace(/[{}]/g, (c) => `'${c}'`);

/** The ICU message a string or template stands for, constants filled in; null when not text. */
function messageOf(node, checker) {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
    return icuEscape(node.text);
  if (!ts.isTemplateExpression(node)) return null;
  let message = icuEscape(node.head.text);
  const used = new Set();
  for (const span of node.templateSpans) {
    const type = checker.getTypeAtLocation(span.expression);
    if (type.isStringLiteral() || type.isNumberLiteral()) message += icuEscape(String(type.value));
    else {
      let name = placeholderName(span.expression);
      for (let n = 2; used.has(name); n += 1) name = `${placeholderName(span.expression)}${n}`;
      used.add(name);
      message += `{${name}}`;
    }
    message += icuEscape(span.literal.text);
  }
  return message;
}

function placeholderName(expression) {
  if (ts.isIdentifier(expression)) return expression.text;
  if (ts.isPropertyAccessExpression(expression)) return expression.name.text;
  return 'value';
}

const isText = (message) => message !== null && /[A-Za-z]{2}/.test(message);

function textConstantName(node) {
  for (let at = node.parent; at; at = at.parent) {
    if (ts.isVariableDeclaration(at) && ts.isIdentifier(at.name))
      return TEXT_CONSTANT.test(at.name.text) ? at.name.text : null;
    if (ts.isBlock(at) || ts.isSourceFile(at)) return null;
  }
  return null;
}

function isLabelParameter(parameter) {
  const declaration = parameter.valueDeclaration;
  if (!LABEL_PARAMETER.test(parameter.name) || !declaration) return false;
  let written = false;
  const visit = (node) => {
    if (ts.isTemplateSpan(node) && ts.isIdentifier(node.expression))
      written ||= node.expression.text === parameter.name;
    ts.forEachChild(node, visit);
  };
  visit(declaration.parent);
  return written;
}

/** Whether a string or template stands where a person's text goes. */
function inMessagePosition(node, checker) {
  const parent = node.parent;
  if (ts.isPropertyAssignment(parent) && parent.initializer === node) {
    if (ts.isIdentifier(parent.name) && MESSAGE_PROPERTIES.has(parent.name.text)) return true;
    return textConstantName(node) !== null;
  }
  if (ts.isArrowFunction(parent) && parent.body === node) return textConstantName(node) !== null;
  if (ts.isVariableDeclaration(parent) && parent.initializer === node)
    return ts.isIdentifier(parent.name) && TEXT_CONSTANT.test(parent.name.text);
  if (ts.isCallExpression(parent)) {
    const index = parent.arguments.indexOf(node);
    if (index < 0) return false;
    const callee = parent.expression;
    if (ts.isPropertyAccessExpression(callee)) {
      const name = callee.name.text;
      if (CHECKS_WITH_LIMIT.has(name) && index >= 1) return true;
      if (CHECKS_MESSAGE_FIRST.has(name) && index === 0) return true;
    }
    const parameter = checker.getResolvedSignature(parent)?.parameters[index];
    return parameter !== undefined && isLabelParameter(parameter);
  }
  return false;
}

/** Lingui's extractor interface (see the .d.mts beside this file). */
export const contractsExtractor = {
  match: (filename) =>
    filename.includes(`${path.sep}src${path.sep}contracts${path.sep}`) &&
    filename.endsWith('.ts') &&
    !/\.(test|arbitraries)\.ts$/.test(filename),
  extract(filename, code, onMessageExtracted) {
    const program = contractsProgram(filename);
    const checker = program.getTypeChecker();
    const source = program.getSourceFile(filename);
    if (!source) return;
    const visit = (node) => {
      if (
        (ts.isStringLiteral(node) ||
          ts.isNoSubstitutionTemplateLiteral(node) ||
          ts.isTemplateExpression(node)) &&
        inMessagePosition(node, checker)
      ) {
        const message = messageOf(node, checker);
        if (isText(message)) {
          const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
          onMessageExtracted({
            id: generateMessageId(message),
            message,
            origin: [filename, line + 1],
          });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  },
};
