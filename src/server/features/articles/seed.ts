import type { Db } from "../../db/client";
import { releaseMarkdownRenderer } from "./markdown";
import { createArticle } from "./service";
import { claimSetting } from "../../db/settings";

/**
 * Three sample articles so that a fresh site does not look empty. They are marked `is_sample` so the doctor can
 * tell them apart and replace them. They are created once per database: deleting them does not bring them back.
 */
const sampleArticles = [
  {
    slug: "heart-murmurs-in-children",
    title: "Heart Murmurs in Children: When Should Parents Worry?",
    excerpt:
      "Most heart murmurs heard in children are harmless sounds of a healthy heart. Here is how doctors tell an innocent murmur from one that needs tests, and which signs mean you should see a specialist.",
    imageUrl: "/images/articles/heart-murmur.svg",
    daysAgo: 3,
    content: `A heart murmur is an extra sound heard through the stethoscope as blood flows through the heart. Hearing that your child has one can be frightening, but **most murmurs in children are innocent**: they come from a normal heart and need no treatment.

## Innocent murmurs

Innocent murmurs are common between the ages of 2 and 7. They are often louder when a child has a fever or is anxious, and they may come and go.

## Signs that need a specialist

Please ask for a paediatric cardiology review if your child has a murmur together with:

- poor feeding, sweating during feeds or slow weight gain in a baby
- fast breathing or breathlessness
- blue lips or tongue
- fainting or chest pain during exercise

## What tests are done?

An **echocardiogram** (an ultrasound scan of the heart) is painless and shows the structure of the heart in detail. Many children also have an ECG.

*This article is general information and does not replace a consultation.*`,
  },
  {
    slug: "fast-heartbeat-in-children-svt",
    title: "Fast Heartbeat in Children: Understanding SVT",
    excerpt:
      "Supraventricular tachycardia is the most common heart rhythm problem in children. Learn how it shows itself at different ages, what to do during an episode and how it is treated.",
    imageUrl: "/images/articles/heart-rhythm.svg",
    daysAgo: 10,
    content: `Supraventricular tachycardia (SVT) is a sudden, very fast heartbeat that starts and stops abruptly. In babies the heart may beat more than 220 times a minute.

## How it shows itself

- **Babies** may become pale, irritable and feed poorly.
- **Older children** often say their heart is "racing" or feel dizzy.

## During an episode

Keep your child calm and sitting down. If an episode lasts more than a few minutes, or your child looks unwell, seek medical help at once.

## Treatment

Many children need no daily medicine. Some take medicine to prevent episodes, and older children with frequent episodes may be offered a catheter ablation, which can cure SVT.

*This article is general information and does not replace a consultation.*`,
  },
  {
    slug: "preparing-for-a-video-consultation",
    title: "Preparing for Your Child's Online Heart Consultation",
    excerpt:
      "A little preparation makes a video consultation as useful as a clinic visit. Gather reports, note symptoms and test your connection with this simple checklist.",
    imageUrl: null,
    daysAgo: 21,
    content: `An online consultation works best when the doctor can see your child's history at a glance.

## Before the call

1. Collect previous **echocardiogram reports, ECGs and discharge summaries**.
2. Write down symptoms, when they started and how often they happen.
3. List current medicines and doses.
4. Note your child's recent weight and height.

## On the day

- Use a quiet, well-lit room.
- Charge your phone or laptop and check your internet connection.
- Join the video room **5 minutes early**.

## After the call

You will receive the advice discussed, and a plan for tests or follow-up if they are needed.`,
  },
];

export async function seedSampleContent(db: Db, now: Date = new Date()): Promise<number> {
  try {
    return await db.transaction((tx) => seedOnce(tx, now));
  } finally {
    releaseMarkdownRenderer();
  }
}

async function seedOnce(tx: Db, now: Date): Promise<number> {
  const firstTime = await claimSetting(tx, "sample_content_seeded_at", now.toISOString());
  if (!firstTime) return 0;
  for (const article of sampleArticles) {
    const createdAt = new Date(now.getTime() - article.daysAgo * 24 * 60 * 60 * 1000);
    const { daysAgo: _daysAgo, ...fields } = article;
    await createArticle(tx, {
      ...fields,
      published: true,
      isSample: true,
      createdAt,
      updatedAt: createdAt,
    });
  }
  return sampleArticles.length;
}
