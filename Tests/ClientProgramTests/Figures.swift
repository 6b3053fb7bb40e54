import ClientProgramsSwift5
import ClientProgramsSwift6
import Foundation

// The two client modules define the same result types; these protocols let one test read both.

protocol SpringyFigures {
    var initialSprings: Int { get }
    var farLag: CGFloat { get }
    var nearLag: CGFloat { get }
    var framesToSettle: Int { get }
    var pausedAfterSettling: Bool { get }
    var springsAfterLongScroll: Int { get }
    var firstItemDropped: Bool { get }
    var newItemsManaged: Bool { get }
    var visibleAttributes: Int { get }
    var longScrollSettled: Bool { get }
    var longScrollWorstLag: CGFloat { get }
}

protocol CardFigures {
    var snapBackError: CGFloat { get }
    var snapBackAngle: CGFloat { get }
    var snapFrames: Int { get }
    var snapPaused: Bool { get }
    var thrownX: CGFloat { get }
    var swipedAway: Int { get }
    var xAtRelease: CGFloat { get }
}

protocol CradleFigures {
    var maxRight: [CGFloat] { get }
    var maxLeft: [CGFloat] { get }
    var release: CGFloat { get }
    var longestString: CGFloat { get }
    var attachmentsAfterRelease: Int { get }
    var indexOfLast: Int? { get }
}

protocol CanvasFigures {
    var restingCenters: [CGPoint] { get }
    var landed: Int { get }
    var drawCount: Int { get }
    var paused: Bool { get }
    var frames: Int { get }
    var needsDisplayAfter: Bool { get }
}

extension ClientProgramsSwift5.ClientDrivers.SpringyResult: SpringyFigures {}
extension ClientProgramsSwift6.ClientDrivers.SpringyResult: SpringyFigures {}
extension ClientProgramsSwift5.ClientDrivers.CardResult: CardFigures {}
extension ClientProgramsSwift6.ClientDrivers.CardResult: CardFigures {}
extension ClientProgramsSwift5.ClientDrivers.CradleResult: CradleFigures {}
extension ClientProgramsSwift6.ClientDrivers.CradleResult: CradleFigures {}
extension ClientProgramsSwift5.ClientDrivers.CanvasResult: CanvasFigures {}
extension ClientProgramsSwift6.ClientDrivers.CanvasResult: CanvasFigures {}
