// A springy chat-list layout, written as public iOS projects write it (iMessage-style bounce when scrolling).
// Only the import line differs from the iOS source.
import UIKitDynamics

class SpringyFlowLayout: UICollectionViewFlowLayout {
    var dynamicAnimator: UIDynamicAnimator!
    var visibleIndexPathsSet = Set<IndexPath>()
    var latestDelta: CGFloat = 0

    override init() {
        super.init()
        dynamicAnimator = UIDynamicAnimator(collectionViewLayout: self)
    }

    required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
        dynamicAnimator = UIDynamicAnimator(collectionViewLayout: self)
    }

    override func prepare() {
        super.prepare()
        guard let collectionView = collectionView else { return }

        // Tile: only the items near the visible rectangle get a spring.
        let visibleRect = CGRect(origin: collectionView.bounds.origin, size: collectionView.frame.size)
            .insetBy(dx: -100, dy: -100)
        let itemsInVisibleRect = super.layoutAttributesForElements(in: visibleRect) ?? []
        let indexPathsInVisibleRect = Set(itemsInVisibleRect.map { $0.indexPath })

        let noLongerVisible = dynamicAnimator.behaviors.filter { behavior in
            guard let spring = behavior as? UIAttachmentBehavior,
                let item = spring.items.first as? UICollectionViewLayoutAttributes
            else { return false }
            return !indexPathsInVisibleRect.contains(item.indexPath)
        }
        for behavior in noLongerVisible {
            dynamicAnimator.removeBehavior(behavior)
            if let spring = behavior as? UIAttachmentBehavior,
                let item = spring.items.first as? UICollectionViewLayoutAttributes
            {
                visibleIndexPathsSet.remove(item.indexPath)
            }
        }

        let newlyVisibleItems = itemsInVisibleRect.filter { !visibleIndexPathsSet.contains($0.indexPath) }
        let touchLocation = collectionView.panGestureRecognizer.location(in: collectionView)
        for item in newlyVisibleItems {
            var center = item.center
            let spring = UIAttachmentBehavior(item: item, attachedToAnchor: center)
            spring.length = 0
            spring.damping = 0.8
            spring.frequency = 1.0
            if !touchLocation.equalTo(.zero) {
                let distanceFromTouch = abs(touchLocation.y - spring.anchorPoint.y)
                let scrollResistance = distanceFromTouch / 1500
                if latestDelta < 0 {
                    center.y += max(latestDelta, latestDelta * scrollResistance)
                } else {
                    center.y += min(latestDelta, latestDelta * scrollResistance)
                }
                item.center = center
            }
            dynamicAnimator.addBehavior(spring)
            visibleIndexPathsSet.insert(item.indexPath)
        }
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        return dynamicAnimator.items(in: rect) as? [UICollectionViewLayoutAttributes]
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        return dynamicAnimator.layoutAttributesForCell(at: indexPath)
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let scrollView = collectionView else { return false }
        let delta = newBounds.origin.y - scrollView.bounds.origin.y
        latestDelta = delta
        let touchLocation = scrollView.panGestureRecognizer.location(in: scrollView)

        for case let spring as UIAttachmentBehavior in dynamicAnimator.behaviors {
            let distanceFromTouch = abs(touchLocation.y - spring.anchorPoint.y)
            let scrollResistance = distanceFromTouch / 1500
            guard let item = spring.items.first else { continue }
            var center = item.center
            if delta < 0 {
                center.y += max(delta, delta * scrollResistance)
            } else {
                center.y += min(delta, delta * scrollResistance)
            }
            item.center = center
            dynamicAnimator.updateItem(usingCurrentState: item)
        }
        return false
    }
}

class ChatViewController: UIViewController, UICollectionViewDataSource {
    var collectionView: UICollectionView!
    let messages = (0..<40).map { "Message \($0)" }

    override func viewDidLoad() {
        super.viewDidLoad()
        let layout = SpringyFlowLayout()
        layout.itemSize = CGSize(width: view.bounds.width - 20, height: 44)
        layout.minimumLineSpacing = 10
        layout.sectionInset = UIEdgeInsetsMake(10, 10, 10, 10)
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
        collectionView.backgroundColor = .white
        collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "Cell")
        collectionView.dataSource = self
        view.addSubview(collectionView)
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        return messages.count
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "Cell", for: indexPath)
        cell.backgroundColor = #colorLiteral(red: 0.2, green: 0.6, blue: 1, alpha: 1)
        return cell
    }
}
