import { AdminGuard } from "@/features/admin/admin-guard";
import { AdminLayout } from "@/features/admin/admin-layout";
import { ManageArticles } from "@/features/admin/manage-articles";

/** /admin/articles: the doctor's articles, to write, publish, edit and delete. */
export default function AdminArticlesPage() {
  return (
    <AdminGuard>
      <AdminLayout
        title="Articles"
        current="articles"
        description="Write, publish and edit your health articles."
      >
        <ManageArticles />
      </AdminLayout>
    </AdminGuard>
  );
}
