import type { SiteProfile } from "@shared/site-profile";
import type { ReactNode } from "react";

type SocialNetwork = SiteProfile["social"][number]["network"];

export const socialNetworkNames: Record<SocialNetwork, string> = {
  facebook: "Facebook",
  twitter: "X (Twitter)",
  linkedin: "LinkedIn",
  instagram: "Instagram",
  youtube: "YouTube",
};

/** The drawn mark of each network, in a 24 by 24 box. */
const marks: Record<SocialNetwork, ReactNode> = {
  facebook: (
    <path d="M13.5 21v-7.5H16l.5-3h-3V8.75c0-.9.35-1.5 1.6-1.5h1.5V4.6A19 19 0 0 0 14.3 4.5c-2.3 0-3.8 1.4-3.8 3.9v2.1H8v3h2.5V21z" />
  ),
  twitter: <path d="M4 4h4.6l3.7 5 4.3-5h2.2l-5.5 6.4L20 20h-4.6l-4-5.4L6.8 20H4.6l5.8-6.7z" />,
  linkedin: (
    <>
      <circle cx="6" cy="5.5" r="1.9" />
      <path d="M4.3 9h3.4v11H4.3zM10 9h3.2v1.6c.5-.9 1.7-1.9 3.5-1.9 3.1 0 3.8 2 3.8 4.7V20h-3.4v-5.9c0-1.4-.1-2.9-1.9-2.9s-1.9 1.3-1.9 2.8v6H10z" />
    </>
  ),
  instagram: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <path d="M17.5 6.5h.01" />
    </>
  ),
  youtube: (
    <path d="M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4a2.5 2.5 0 0 0-1.8 1.8C2 8.8 2 12 2 12s0 3.2.4 4.8a2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8c.4-1.6.4-4.8.4-4.8s0-3.2-.4-4.8zM10 15V9l5.2 3z" />
  ),
};

/** Instagram's mark is drawn in outline; the others are filled. */
const outline = {
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

/**
 * Simple drawn marks for the social networks: the icon set has no brand logos, and a logo font or package would
 * cost the home page more than these few paths.
 */
export function SocialIcon({ network, className }: { network: SocialNetwork; className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      aria-hidden={true}
      focusable={false}
      {...(network === "instagram" ? outline : { fill: "currentColor" })}
    >
      {marks[network]}
    </svg>
  );
}
