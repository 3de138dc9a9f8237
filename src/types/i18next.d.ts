import 'i18next';

declare module 'i18next' {
  interface CustomTypeOptions {
    // Every key exists in every language (a test checks), so t() always returns a string.
    returnNull: false;
  }
}
