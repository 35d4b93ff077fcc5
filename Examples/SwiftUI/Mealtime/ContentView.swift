import LandfallKit
import SwiftUI

struct Recipe: Identifiable, Hashable {
    var id: String
    var title: String

    static let all = [
        Recipe(id: "42", title: "Pasta for two"),
        Recipe(id: "7", title: "Lemon risotto"),
        Recipe(id: "13", title: "Shakshuka"),
    ]
}

struct ContentView: View {
    @Bindable var router: Router

    var body: some View {
        NavigationStack(path: $router.path) {
            List {
                if let banner = router.banner {
                    Text(banner).font(.callout).foregroundStyle(.secondary)
                }
                ForEach(Recipe.all) { recipe in
                    NavigationLink(recipe.title, value: Route.recipe(id: recipe.id, servings: nil))
                }
            }
            .navigationTitle("Mealtime")
            .navigationDestination(for: Route.self) { route in
                switch route {
                case .recipe(let id, let servings):
                    RecipeView(recipe: Recipe.all.first { $0.id == id } ?? Recipe(id: id, title: "Recipe \(id)"), servings: servings ?? 2)
                }
            }
        }
    }
}

struct RecipeView: View {
    let recipe: Recipe
    let servings: Int
    @State private var status: String?

    var body: some View {
        VStack(spacing: 16) {
            Text(recipe.title).font(.largeTitle)
            Text("Serves \(servings)")
            Button("Unlock the video (€1.99)") {
                Task { await buyVideo() }
            }
            .buttonStyle(.borderedProminent)
            if let status { Text(status).font(.footnote) }
        }
        .padding()
        .task {
            // Events are queued on the device and sent in the background; offline is fine.
            try? await Landfall.shared.track("recipe_viewed", properties: ["recipe": .string(recipe.id)])
        }
    }

    private func buyVideo() async {
        // After the App Store purchase succeeds: revenue is an exact decimal and a currency.
        do {
            try await Landfall.shared.trackRevenue(amount: Decimal(199) / 100, currency: "EUR", properties: ["recipe": .string(recipe.id)])
            status = "Thanks! Enjoy the video."
        } catch {
            status = "Could not record the purchase: \(error)"
        }
    }
}
