import type { SiteProfile } from "./site-profile";

/**
 * Sample values so that a fresh install shows a complete site. A deployer sets `SITE_PROFILE_FILE` to a JSON file
 * with the real doctor's details (see docs/site-profile.md).
 */
/** The sample doctor's registration number: nobody's, so never printed on a real site's documents. */
export const SAMPLE_REGISTRATION_NUMBER = "SAMPLE-000000";

/**
 * Whether a registration number is the sample's placeholder however it is written: spaces, case, look-alike hyphens
 * and invisible characters do not make it someone's number.
 */
export function isSampleRegistration(number: string): boolean {
  const canonical = (text: string) =>
    text
      .normalize("NFKC")
      .replace(/[\s\u00AD\u200B-\u200F\u2060\uFEFF]/g, "")
      .replace(/[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D]/g, "-")
      .toUpperCase();
  return canonical(number) === canonical(SAMPLE_REGISTRATION_NUMBER);
}

export const sampleProfile: SiteProfile = {
  doctor: {
    name: "Dr. Ananya Rao",
    shortName: "Dr. Ananya Rao",
    specialty: "Consultant Paediatric Cardiologist",
    qualifications: ["MBBS", "DCH", "CCT Paediatric Cardiology"],
    registration: { number: SAMPLE_REGISTRATION_NUMBER, council: "Karnataka Medical Council" },
    languages: ["English", "Hindi", "Kannada"],
    experience: "10+ years",
    patientsTreated: "1000+ patients treated",
    tagline:
      "Expert care for children's hearts, from the first scan before birth to adolescence. Consult from home by secure video.",
  },
  about: {
    paragraphs: [
      "Dr. Ananya Rao is a consultant paediatric cardiologist who cares for babies, children and teenagers with heart conditions, and for families expecting a baby with a heart problem.",
      "After medical school and a diploma in child health in India, she completed specialist training in paediatric cardiology in the United Kingdom, working in leading children's heart centres before returning to Bengaluru.",
      "She explains every finding in plain words, in English, Hindi or Kannada, so that parents leave each consultation knowing what is happening and what comes next.",
    ],
    qualifications: [
      { degree: "MBBS", institution: "Bangalore Medical College and Research Institute" },
      { degree: "DCH (Diploma in Child Health)", institution: "Rajiv Gandhi University of Health Sciences" },
      { degree: "CCT Paediatric Cardiology", institution: "General Medical Council, United Kingdom" },
    ],
    expertise: [
      "Congenital heart disease in newborns and children",
      "Fetal echocardiography and antenatal counselling",
      "Heart rhythm problems (arrhythmias) in children",
      "Heart murmurs, chest pain and fainting in children",
      "Follow-up after heart surgery or catheter procedures",
      "Kawasaki disease and heart muscle disease",
    ],
  },
  services: [
    {
      title: "Paediatric Cardiology",
      description:
        "Assessment of heart murmurs, chest pain, breathlessness and fainting, with echocardiography.",
      bookable: false,
    },
    {
      title: "Paediatric Electrophysiology",
      description: "Diagnosis and care of fast, slow or irregular heartbeats in infants and children.",
      bookable: false,
    },
    {
      title: "Interventional Cardiology",
      description: "Catheter procedures to close holes in the heart and widen narrow valves and vessels.",
      bookable: false,
    },
    {
      title: "Cardiac Electrophysiology",
      description: "ECG, Holter and event monitoring, and planning of ablation when it is needed.",
      bookable: false,
    },
    {
      title: "Congenital Heart Disease",
      description: "Lifelong care for heart conditions present from birth, before and after surgery.",
      bookable: false,
    },
    {
      title: "Online Video Consultation",
      description: "A secure video consultation from home: review of reports, second opinions and follow-up.",
      bookable: true,
    },
  ],
  publications: [
    {
      title: "Outcomes of transcatheter closure of ventricular septal defects in infants",
      journal: "Cardiology in the Young",
      year: "2021",
    },
    {
      title: "Supraventricular tachycardia in the first year of life: presentation and management",
      journal: "Archives of Disease in Childhood",
      year: "2019",
    },
    {
      title: "Fetal echocardiography and antenatal diagnosis of congenital heart disease",
      journal: "Indian Pediatrics",
      year: "2018",
    },
    {
      title: "Coronary artery outcomes in Kawasaki disease: a single-centre review",
      journal: "Annals of Pediatric Cardiology",
      year: "2016",
    },
  ],
  memberships: [
    { title: "General Medical Council (UK)", description: "Registered specialist in paediatric cardiology" },
    { title: "Indian Medical Association", description: "Life member" },
    { title: "Medical Defence Union", description: "Member" },
    {
      title: "Association for European Paediatric and Congenital Cardiology",
      description: "Member",
    },
  ],
  contact: {
    email: "appointments@example.com",
    phone: "+91 80 0000 0000",
    location: "Bengaluru, Karnataka, India",
    hours: [
      { days: "Online video consultations", time: "Daily, 7:00 PM - 9:00 PM" },
      { days: "Email enquiries", time: "Answered within 24 hours" },
    ],
    emergencyNotice:
      "For a medical emergency, do not wait for a consultation: call 112 or go to the nearest hospital emergency department.",
  },
  social: [
    { network: "facebook", url: "#" },
    { network: "twitter", url: "#" },
    { network: "linkedin", url: "#" },
    { network: "instagram", url: "#" },
  ],
  seo: {
    title: "Dr. Ananya Rao - Paediatric Cardiologist | Online Video Consultation",
    description:
      "Consultant paediatric cardiologist (MBBS, DCH, CCT Paediatric Cardiology). Book a secure online video consultation for your child's heart health.",
  },
};

/**
 * The profile as the public pages show it. In production the sample's registration number is never shown: it would
 * be a false statement about a real site's doctor. The pages then leave the registration out.
 */
export function servedProfile(profile: SiteProfile, production: boolean): SiteProfile {
  if (!production || !isSampleRegistration(profile.doctor.registration.number)) return profile;
  return { ...profile, doctor: { ...profile.doctor, registration: { number: "", council: "" } } };
}
