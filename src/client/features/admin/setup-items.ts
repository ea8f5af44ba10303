import type { SetupFacts } from "@shared/setup";

/**
 * The first-start checklist's items, worded from the server's facts: what is done, what the site does meanwhile,
 * and what to do next (by the doctor in the dashboard, or by whoever runs the server, named by its settings).
 */
export interface SetupItem {
  id: string;
  title: string;
  done: boolean;
  /** How things stand now. */
  status: string;
  /** What to do next; absent once done. */
  next?: string;
  /** Where to do it: a dashboard page or section. */
  link?: { label: string; href: string };
  /** The item has a test the checklist runs itself. */
  test?: "email";
  /** Who can do it: the doctor in the dashboard, or whoever runs the server (by its settings). */
  owner: "doctor" | "deployer";
}

const rupees = (amount: number) => `₹${amount.toLocaleString("en-IN")}`;

function feeStatus(fees: SetupFacts["fees"]): string {
  const followUp = fees.followUp
    ? `a follow-up within ${fees.followUp.withinDays} days is ${fees.followUp.fee === 0 ? "free" : rupees(fees.followUp.fee)}`
    : "follow-ups are charged as consultations";
  return `${rupees(fees.consultationFee)} per consultation; ${followUp}.`;
}

function paymentsItem({ payments }: SetupFacts): SetupItem {
  const link = { label: "Test the connection", href: "/admin/cashfree-test" };
  if (payments.provider === "simulator")
    return {
      id: "payments",
      owner: "deployer",
      title: "Payments",
      done: false,
      status: "The built-in payment simulator takes the bookings: no money is taken.",
      next: "To take real payments, whoever runs the site sets CASHFREE_APP_ID, CASHFREE_SECRET_KEY and CASHFREE_ENV=production (docs/deployment.md).",
      link: { label: "Gateway details", href: "/admin/cashfree-test" },
    };
  if (!payments.keysPresent)
    return {
      id: "payments",
      owner: "deployer",
      title: "Payments",
      done: false,
      status: "Cashfree is chosen, but its keys are missing: payments cannot start.",
      next: "Whoever runs the site sets CASHFREE_APP_ID and CASHFREE_SECRET_KEY.",
      link,
    };
  if (payments.environment === "sandbox")
    return {
      id: "payments",
      owner: "deployer",
      title: "Payments",
      done: false,
      status: "Cashfree runs in its sandbox: test payments only.",
      next: "For real payments, whoever runs the site sets CASHFREE_ENV=production with the production keys.",
      link,
    };
  return {
    id: "payments",
    owner: "deployer",
    title: "Payments",
    done: true,
    status: "Cashfree takes real payments.",
    link,
  };
}

function channelItem(id: "email" | "whatsapp", setup: SetupFacts["email"]): SetupItem {
  const name = id === "email" ? "E-mail" : "WhatsApp";
  const settings =
    id === "email"
      ? "SMTP_URL and MAIL_FROM"
      : "WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID, with the message templates approved by Meta";
  const test =
    id === "email"
      ? { test: "email" as const }
      : { link: { label: "Test Notifications", href: "/admin#test-notifications-title" } };
  if (setup === "configured")
    return {
      id,
      owner: "deployer",
      title: name,
      done: true,
      status: `${name} messages are sent to parents and to you.`,
      ...test,
    };
  return {
    id,
    owner: "deployer",
    title: name,
    done: false,
    status:
      setup === "file"
        ? `${name} is not set up: its messages are written to files on the server instead of being sent.`
        : `${name} is not set up: no ${name} messages are sent.`,
    next: `Whoever runs the site sets ${settings} (docs/deployment.md).`,
    ...test,
  };
}

function videoItem({ video }: SetupFacts): SetupItem {
  if (video.service === "jitsi" && video.domain === "meet.jit.si")
    return {
      id: "video",
      owner: "deployer",
      title: "Video calls",
      done: false,
      status:
        "Calls use the public meet.jit.si, which ends embedded calls after 5 minutes and asks for a moderator's sign-in: only for trying the site.",
      next: "For consultations, whoever runs the site sets JAAS_APP_ID, JAAS_KEY_ID and JAAS_PRIVATE_KEY, or a Jitsi server of your own (docs/deployment.md).",
    };
  const where = video.service === "jaas" ? "Jitsi as a Service (8x8)" : `the Jitsi server ${video.domain}`;
  return {
    id: "video",
    owner: "deployer",
    title: "Video calls",
    done: true,
    status: `Calls run on ${where}, with you as the host.`,
  };
}

export function setupItems(facts: SetupFacts): SetupItem[] {
  const settings = "/admin/settings";
  return [
    {
      id: "profile",
      owner: "doctor",
      title: "Your profile",
      done: facts.profileReplaced,
      status: facts.profileReplaced
        ? "The site shows your own profile."
        : "The site shows a sample doctor, with a notice saying so at the foot of every page.",
      ...(facts.profileReplaced
        ? {}
        : {
            next: "Replace the sample's name, qualifications, about text, services and contact details with yours.",
          }),
      link: { label: "Edit the profile", href: `${settings}#profile-settings-title` },
    },
    {
      id: "photo",
      owner: "doctor",
      title: "Your photo",
      done: facts.photoUploaded,
      status: facts.photoUploaded
        ? "Your photo is on the home page."
        : "No photo of yours yet: the home page shows the sample's, or none.",
      ...(facts.photoUploaded ? {} : { next: "Upload a clear, recent photo: parents trust a face." }),
      link: {
        label: facts.photoUploaded ? "Change the photo" : "Upload a photo",
        href: `${settings}#image-settings-title`,
      },
    },
    {
      id: "registration",
      owner: "doctor",
      title: "Registration number",
      done: facts.registrationSet,
      status: facts.registrationSet
        ? "Your registration number is printed on receipts and prescriptions."
        : facts.production
          ? "The sample's number is still set: receipts and prescriptions are refused until yours is."
          : "The sample's number is still set, and printed on receipts and prescriptions.",
      ...(facts.registrationSet
        ? {}
        : { next: "Give your registration number and medical council in the profile." }),
      link: { label: "Set the registration", href: `${settings}#profile-settings-title` },
    },
    {
      id: "signature",
      owner: "doctor",
      title: "Signature",
      done: facts.signatureUploaded,
      status: facts.signatureUploaded
        ? "Your signature is printed on prescriptions."
        : "No signature image: prescriptions say they were signed electronically.",
      ...(facts.signatureUploaded ? {} : { next: "Upload a photo or scan of your signature (PNG or JPEG)." }),
      link: { label: "Upload the signature", href: `${settings}#image-settings-title` },
    },
    {
      id: "fees",
      owner: "doctor",
      title: "Fees",
      done: facts.fees.savedByDoctor,
      status: feeStatus(facts.fees),
      ...(facts.fees.savedByDoctor
        ? {}
        : { next: "Check the fee and choose whether follow-ups have their own." }),
      link: { label: "Set the fees", href: `${settings}#fee-settings-title` },
    },
    {
      id: "hours",
      owner: "doctor",
      title: "Weekly hours",
      done: facts.hoursSaved,
      status: facts.hoursSaved ? "Parents book the hours you set." : "Parents book the default hours.",
      ...(facts.hoursSaved ? {} : { next: "Set the days and hours you consult, and your leave." }),
      link: { label: "Set your hours", href: "/admin/schedule#weekly-hours-title" },
    },
    {
      id: "contacts",
      owner: "doctor",
      title: "Your copies of bookings",
      done: facts.ownContacts.email && facts.ownContacts.whatsapp,
      status:
        facts.ownContacts.email && facts.ownContacts.whatsapp
          ? "New bookings and changes reach your own e-mail and WhatsApp."
          : "New bookings and changes go to the site's public contact e-mail and phone.",
      ...(facts.ownContacts.email && facts.ownContacts.whatsapp
        ? {}
        : { next: "Give your own e-mail and WhatsApp number, which parents never see." }),
      link: { label: "Set your contacts", href: `${settings}#doctor-contacts-title` },
    },
    {
      id: "articles",
      owner: "doctor",
      title: "Articles",
      done: facts.sampleArticles === 0,
      status:
        facts.sampleArticles === 0
          ? "No sample article is published."
          : `${facts.sampleArticles === 1 ? "1 sample article is" : `${facts.sampleArticles} sample articles are`} published under your name.`,
      ...(facts.sampleArticles === 0
        ? {}
        : { next: "Read them and keep, edit or unpublish each; the dashboard marks them Sample." }),
      link: { label: "Manage articles", href: "/admin/articles#articles-admin-title" },
    },
    paymentsItem(facts),
    channelItem("email", facts.email),
    channelItem("whatsapp", facts.whatsapp),
    videoItem(facts),
  ];
}
