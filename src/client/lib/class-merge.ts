import { createTailwindMerge } from "tailwind-merge";

/**
 * tailwind-merge's algorithm with a configuration of only the utility groups this site uses. The library's full
 * configuration (every Tailwind utility) is 6 KB gzip of the 100 KB the home page may load before it renders;
 * this one is under 1 KB. src/client/lib/class-merge.test.ts merges every pair of classes written anywhere in
 * src/client with both and fails, naming the pair, when they disagree: a utility of a new kind used in an override
 * gets its group here.
 */
type Validator = (value: string) => boolean;

const any: Validator = () => true;
const arbitrary: Validator = (value) => /^\[.+\]$/.test(value);
const oneOf =
  (...values: string[]): Validator =>
  (value) =>
    values.includes(value);
const number: Validator = (value) => /^\d+(\.\d+)?$/.test(value);

const fontSizes = oneOf(
  "xs",
  "sm",
  "base",
  "lg",
  "xl",
  "2xl",
  "3xl",
  "4xl",
  "5xl",
  "6xl",
  "7xl",
  "8xl",
  "9xl",
);
const textAligns = oneOf("left", "center", "right", "justify", "start", "end");
const fontWeights = oneOf(
  "thin",
  "extralight",
  "light",
  "normal",
  "medium",
  "semibold",
  "bold",
  "extrabold",
  "black",
);
const fontFamilies = oneOf("sans", "serif", "mono");
const shadowSizes = oneOf("2xs", "xs", "sm", "md", "lg", "xl", "2xl", "none", "inner");
const radii = oneOf("none", "xs", "sm", "md", "lg", "xl", "2xl", "3xl", "4xl", "full");
const widthValue: Validator = (value) => number(value) || arbitrary(value);
/** A class with no value ("border", "shadow") is written as "" in a group. */
const width = ["", widthValue];
const sideLetters = /^[xysetrbl](-|$)/;
const color: Validator = (value) => !widthValue(value) && !sideLetters.test(value);
const notFontSize: Validator = (value) => !fontSizes(value) && !textAligns(value) && !/^\[\d/.test(value);
const sides = ["x", "y", "s", "e", "t", "r", "b", "l"] as const;
const borderStyles = ["solid", "dashed", "dotted", "double", "hidden", "none"];
const spacing = (prefix: string) => ({ [prefix]: [any] });

export const mergeClasses = createTailwindMerge(() => ({
  cacheSize: 500,
  theme: {},
  classGroups: {
    display: [
      "block",
      "inline-block",
      "inline",
      "flex",
      "inline-flex",
      "table",
      "inline-table",
      "table-cell",
      "table-row",
      "flow-root",
      "grid",
      "inline-grid",
      "contents",
      "list-item",
      "hidden",
    ],
    sr: ["sr-only", "not-sr-only"],
    position: ["static", "fixed", "absolute", "relative", "sticky"],
    visibility: ["visible", "invisible", "collapse"],
    inset: [spacing("inset")],
    "inset-x": [spacing("inset-x")],
    "inset-y": [spacing("inset-y")],
    top: [spacing("top")],
    right: [spacing("right")],
    bottom: [spacing("bottom")],
    left: [spacing("left")],
    z: [spacing("z")],
    overflow: [{ overflow: ["auto", "hidden", "clip", "visible", "scroll"] }],
    "overflow-x": [{ "overflow-x": [any] }],
    "overflow-y": [{ "overflow-y": [any] }],
    p: [spacing("p")],
    px: [spacing("px")],
    py: [spacing("py")],
    ps: [spacing("ps")],
    pe: [spacing("pe")],
    pt: [spacing("pt")],
    pr: [spacing("pr")],
    pb: [spacing("pb")],
    pl: [spacing("pl")],
    m: [spacing("m")],
    mx: [spacing("mx")],
    my: [spacing("my")],
    ms: [spacing("ms")],
    me: [spacing("me")],
    mt: [spacing("mt")],
    mr: [spacing("mr")],
    mb: [spacing("mb")],
    ml: [spacing("ml")],
    "space-y": [{ "space-y": [any] }],
    "space-x": [{ "space-x": [any] }],
    w: [spacing("w")],
    h: [spacing("h")],
    size: [spacing("size")],
    "min-w": [spacing("min-w")],
    "min-h": [spacing("min-h")],
    "max-w": [spacing("max-w")],
    "max-h": [spacing("max-h")],
    aspect: [spacing("aspect")],
    flex: [{ flex: [number, "auto", "initial", "none", arbitrary] }],
    "flex-direction": [{ flex: ["row", "row-reverse", "col", "col-reverse"] }],
    "flex-wrap": [{ flex: ["wrap", "wrap-reverse", "nowrap"] }],
    grow: [{ grow: ["", any] }],
    shrink: [{ shrink: ["", any] }],
    basis: [spacing("basis")],
    "grid-cols": [{ "grid-cols": [any] }],
    "col-start-end": [{ col: [{ span: [any] }, "auto"] }],
    gap: [spacing("gap")],
    "gap-x": [spacing("gap-x")],
    "gap-y": [spacing("gap-y")],
    "justify-content": [{ justify: ["start", "end", "center", "between", "around", "evenly", "stretch"] }],
    "justify-self": [{ "justify-self": [any] }],
    "align-items": [{ items: [any] }],
    "align-self": [{ self: [any] }],
    "font-size": [{ text: [fontSizes, (value: string) => /^\[\d/.test(value)] }],
    "text-alignment": [{ text: [textAligns] }],
    "text-color": [{ text: [notFontSize] }],
    "font-weight": [{ font: [fontWeights] }],
    "font-family": [{ font: [fontFamilies] }],
    "font-style": ["italic", "not-italic"],
    "fvn-spacing": ["tabular-nums", "proportional-nums"],
    leading: [spacing("leading")],
    tracking: [spacing("tracking")],
    "text-decoration": ["underline", "overline", "line-through", "no-underline"],
    "underline-offset": [spacing("underline-offset")],
    "text-transform": ["uppercase", "lowercase", "capitalize", "normal-case"],
    "text-overflow": ["truncate", "text-ellipsis", "text-clip"],
    "line-clamp": [spacing("line-clamp")],
    "list-style-type": [{ list: ["none", "disc", "decimal", arbitrary] }],
    whitespace: [spacing("whitespace")],
    break: [{ break: ["normal", "words", "all", "keep"] }],
    "vertical-align": [{ align: [any] }],
    // tailwind-merge's own configuration also counts Tailwind 3's bg-gradient-to-* as a colour.
    "bg-color": [{ bg: [any] }],
    "gradient-from": [spacing("from")],
    "gradient-to": [spacing("to")],
    rounded: [{ rounded: ["", radii, arbitrary] }],
    "border-w": [{ border: width }],
    ...Object.fromEntries(sides.map((side) => [`border-w-${side}`, [{ [`border-${side}`]: width }]])),
    "border-collapse": [{ border: ["collapse", "separate"] }],
    "border-style": [{ border: borderStyles }],
    "border-color": [
      {
        border: [
          (value: string) =>
            color(value) && value !== "collapse" && value !== "separate" && !borderStyles.includes(value),
        ],
      },
    ],
    "divide-y": [{ "divide-y": width }],
    "divide-color": [{ divide: [(value: string) => !/^[xy]/.test(value)] }],
    "outline-style": ["outline", "outline-none", "outline-dashed", "outline-dotted", "outline-double"],
    "outline-w": [{ outline: [number] }],
    "outline-offset": [spacing("outline-offset")],
    "outline-color": [
      { outline: [(value: string) => !number(value) && !/^(none|dashed|dotted|double)$/.test(value)] },
    ],
    "ring-w": [{ ring: width }],
    "ring-w-inset": ["ring-inset"],
    "ring-color": [{ ring: [(value: string) => color(value) && value !== "inset"] }],
    shadow: [{ shadow: ["", shadowSizes] }],
    "shadow-color": [{ shadow: [(value: string) => !shadowSizes(value)] }],
    opacity: [spacing("opacity")],
    "backdrop-blur": [{ "backdrop-blur": ["", any] }],
    transition: [{ transition: ["", "all", "colors", "opacity", "shadow", "transform", "none"] }],
    animate: [spacing("animate")],
    translate: [spacing("translate")],
    "translate-x": [spacing("translate-x")],
    "translate-y": [spacing("translate-y")],
    cursor: [spacing("cursor")],
    "pointer-events": [{ "pointer-events": ["auto", "none"] }],
    accent: [spacing("accent")],
    "object-fit": [{ object: ["contain", "cover", "fill", "none", "scale-down"] }],
    "table-layout": [{ table: ["auto", "fixed"] }],
  },
  conflictingClassGroups: {
    overflow: ["overflow-x", "overflow-y"],
    inset: ["inset-x", "inset-y", "top", "right", "bottom", "left"],
    "inset-x": ["right", "left"],
    "inset-y": ["top", "bottom"],
    flex: ["basis", "grow", "shrink"],
    gap: ["gap-x", "gap-y"],
    p: ["px", "py", "ps", "pe", "pt", "pr", "pb", "pl"],
    px: ["ps", "pe", "pr", "pl"],
    py: ["pt", "pb"],
    m: ["mx", "my", "ms", "me", "mt", "mr", "mb", "ml"],
    mx: ["ms", "me", "mr", "ml"],
    my: ["mt", "mb"],
    size: ["w", "h"],
    "font-size": ["leading"],
    "line-clamp": ["display", "overflow"],
    "border-w": sides.map((side) => `border-w-${side}`),
    "border-w-x": ["border-w-s", "border-w-e", "border-w-r", "border-w-l"],
    "border-w-y": ["border-w-t", "border-w-b"],
    translate: ["translate-x", "translate-y"],
  },
  conflictingClassGroupModifiers: { "font-size": ["leading"] },
  orderSensitiveModifiers: [
    "*",
    "**",
    "after",
    "backdrop",
    "before",
    "file",
    "marker",
    "placeholder",
    "selection",
  ],
}));
