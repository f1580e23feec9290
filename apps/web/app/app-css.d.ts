declare module 'virtual:parvoz/app-css' {
  /** The site's stylesheet text (build-tools/inline-css.ts), inlined in the page's head by root.tsx. */
  const css: string;
  export default css;
}
